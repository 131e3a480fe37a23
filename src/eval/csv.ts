/**
 * A small RFC 4180 CSV parser: comma-separated fields, fields in double quotes may hold commas,
 * line breaks and doubled quotes (`""` is one `"`). Records end in CRLF or LF (a lone CR is
 * also accepted); the line break after the last record is optional. Pure and linear in the text.
 *
 * Stricter than most parsers on purpose, so that a damaged data file fails loudly instead of
 * shifting columns: a quote inside an unquoted field, text after a closing quote, and an
 * unterminated quoted field are errors ({@link CsvError}, with the line number).
 */

/** A malformed CSV text; `line` is 1-based. */
export class CsvError extends Error {
  override readonly name = 'CsvError';
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/** One record and the 1-based line on which it starts. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

const QUOTE = 34; // "
const COMMA = 44; // ,
const CR = 13;
const LF = 10;

/** Parses CSV text into records, each with the line it starts on. An empty text has no records. */
export function parseCsvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    // One record: fields until a line break or the end of the text.
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        const opened = line;
        i++;
        let out = '';
        let from = i;
        for (;;) {
          if (i >= n) throw new CsvError('a quoted field is never closed', opened);
          const c = text.charCodeAt(i);
          if (c === QUOTE) {
            out += text.slice(from, i);
            if (text.charCodeAt(i + 1) === QUOTE) {
              out += '"';
              i += 2;
              from = i;
              continue;
            }
            i++;
            break;
          }
          if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) line++;
          i++;
        }
        value = out;
        const next = text.charCodeAt(i);
        if (i < n && next !== COMMA && next !== CR && next !== LF) {
          throw new CsvError(`unexpected ${JSON.stringify(text[i])} after a closing quote (a quote inside a quoted field must be doubled)`, line);
        }
      } else {
        const from = i;
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c === COMMA || c === CR || c === LF) break;
          if (c === QUOTE) throw new CsvError('a quote inside an unquoted field (the field must be quoted and the quote doubled)', line);
          i++;
        }
        value = text.slice(from, i);
      }
      fields.push(value);
      if (i < n && text.charCodeAt(i) === COMMA) {
        i++;
        continue;
      }
      break;
    }
    // The line break that ends the record, if any.
    if (i < n) {
      if (text.charCodeAt(i) === CR) i++;
      if (i < n && text.charCodeAt(i) === LF) i++;
      line++;
    }
    records.push({ line: start, fields });
  }
  return records;
}

/** Parses CSV text into rows of fields. */
export function parseCsv(text: string): string[][] {
  return parseCsvRecords(text).map((r) => r.fields);
}
