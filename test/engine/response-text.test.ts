// The text a response was classified from, which the service's decision log reads: found from
// the response itself, invisible in everything a user does with the response.
import { describe, expect, it } from 'vitest';
import { classify } from '../../src/index.js';
import { textOfResponse } from '../../src/engine/classify.js';

describe('textOfResponse', () => {
  it('gives the normalised text the response was classified from', async () => {
    const response = await classify({ fields: { name: 'Maria', message: 'Hello, the ﬁrst\u200B offer please.' } }, {});
    const text = textOfResponse(response);
    expect(text).toBeDefined();
    expect(text!.segments.map((s) => [s.field, s.text])).toEqual([
      ['name', 'Maria'],
      ['message', 'Hello, the first offer please.'],
    ]);
    // The same object every rule read: the words it memoised are there to reuse.
    expect(textOfResponse(response)).toBe(text);
  });

  it('is undefined for a response without text and for an object that is not a response', async () => {
    const response = await classify({ email: 'jana@gmail.com' }, {});
    expect(textOfResponse(response)).toBeUndefined();
    expect(textOfResponse(JSON.parse(JSON.stringify(response)))).toBeUndefined();
  });

  it('is not seen by JSON, keys, spreads, clones or deep equality', async () => {
    const response = await classify({ text: 'Hello, I would like a quote for twenty chairs.' }, {});
    expect(textOfResponse(response)).toBeDefined();
    const copy = JSON.parse(JSON.stringify(response)) as typeof response;
    expect(Object.keys(response)).toEqual(Object.keys(copy));
    expect(response).toStrictEqual(copy);
    expect({ ...response }).toStrictEqual(copy);
    expect(structuredClone(response)).toStrictEqual(copy);
    expect(textOfResponse({ ...response })).toBeUndefined();
    // No key at all, symbols included: a caller cannot reach or swap the text the decision log will read.
    expect(Reflect.ownKeys(response)).toEqual(Reflect.ownKeys(copy));
    for (const key of Reflect.ownKeys(response)) (response as unknown as Record<PropertyKey, unknown>)[key] = null;
    expect(textOfResponse(response)).toBeDefined();
    expect(textOfResponse(Object.freeze({ ...copy }))).toBeUndefined();
  });
});
