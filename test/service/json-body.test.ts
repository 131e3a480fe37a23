// A request body as JSON: its one parse, and the message of each way it can fail.
import { describe, expect, it } from 'vitest';
import { HttpError, parseJsonBody } from '../../src/service/http.js';

const bytes = (text: string) => new TextEncoder().encode(text);

function failure(body: Uint8Array): { status: number; code: string; message: string } {
  try {
    parseJsonBody(body);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    const e = error as HttpError;
    return { status: e.status, code: e.code, message: e.message };
  }
  throw new Error('parsed');
}

describe('parseJsonBody', () => {
  it('parses JSON, with white space around it', () => {
    expect(parseJsonBody(bytes(' \n{"text": "Grüße"}\t'))).toEqual({ text: 'Grüße' });
    expect(parseJsonBody(bytes('[1, 2]'))).toEqual([1, 2]);
  });

  it('says the body is empty for an empty or blank body', () => {
    for (const text of ['', ' ', '\n\t \r\n', '\u00a0', '\ufeff']) {
      expect(failure(bytes(text))).toEqual({ status: 400, code: 'INVALID_JSON', message: 'Invalid JSON: the body is empty.' });
    }
  });

  it('says Invalid JSON for text that is not JSON, and names bytes that are not UTF-8', () => {
    for (const text of ['{', '{"text": }', ' x ', 'null null']) expect(failure(bytes(text))).toEqual({ status: 400, code: 'INVALID_JSON', message: 'Invalid JSON.' });
    expect(failure(new Uint8Array([0x7b, 0xff, 0x7d]))).toEqual({ status: 400, code: 'INVALID_JSON', message: 'Invalid JSON: the body is not UTF-8.' });
  });
});
