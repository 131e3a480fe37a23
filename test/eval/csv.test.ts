import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, parseCsvRecords } from '../../src/eval/csv.js';

describe('parseCsv (RFC 4180)', () => {
  it.each<[string, string, string[][]]>([
    ['an empty text', '', []],
    ['one field', 'a', [['a']]],
    ['a trailing line break', 'a,b\n', [['a', 'b']]],
    ['LF records', 'a,b\nc,d', [['a', 'b'], ['c', 'd']]],
    ['CRLF records', 'a,b\r\nc,d\r\n', [['a', 'b'], ['c', 'd']]],
    ['a lone CR as a line break', 'a\rb', [['a'], ['b']]],
    ['empty fields', ',a,,\n,', [['', 'a', '', ''], ['', '']]],
    ['a blank line', 'a\n\nb', [['a'], [''], ['b']]],
    ['a quoted field', '"a",b', [['a', 'b']]],
    ['an empty quoted field', '"",x', [['', 'x']]],
    ['a comma inside quotes', '"a,b",c', [['a,b', 'c']]],
    ['doubled quotes', '"say ""hi""",x', [['say "hi"', 'x']]],
    ['only a doubled quote', '""""', [['"']]],
    ['a LF inside quotes', '"a\nb",c\nd', [['a\nb', 'c'], ['d']]],
    ['a CRLF inside quotes, kept', '"a\r\nb"\r\nc', [['a\r\nb'], ['c']]],
    ['a quoted last field before CRLF', 'x,"y"\r\n', [['x', 'y']]],
    ['spaces kept', ' a , b ', [[' a ', ' b ']]],
    ['non-ASCII text', 'ü,"日本, 語",😀', [['ü', '日本, 語', '😀']]],
  ])('parses %s', (_name, text, rows) => {
    expect(parseCsv(text)).toEqual(rows);
  });

  it('reports the line each record starts on, counting line breaks inside quotes', () => {
    expect(parseCsvRecords('h\n"a\nb\r\nc"\nd\r\ne').map((r) => r.line)).toEqual([1, 2, 5, 6]);
  });

  it.each<[string, string, number, RegExp]>([
    ['an unterminated quoted field', 'a\n"b,c\nd', 2, /never closed/],
    ['text after a closing quote', '"a"b,c', 1, /after a closing quote/],
    ['a quote inside an unquoted field', 'a\nb"c"', 2, /quote inside an unquoted field/],
    ['a single quote inside quotes', 'x\n\n"a"b"', 3, /after a closing quote/],
  ])('rejects %s with its line', (_name, text, line, message) => {
    let error: unknown;
    try {
      parseCsv(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CsvError);
    expect((error as CsvError).line).toBe(line);
    expect((error as CsvError).message).toMatch(message);
  });
});
