/**
 * A string's UTF-16 code units copied at once into a reused typed array, for the passes that read
 * every code unit of a field (the tokens, the words): a typed array read costs about half a
 * `charCodeAt` call per code unit on V8, and the copy is native. Node's Buffer writes a string as
 * UTF-16LE code unit for code unit (lone surrogates as they are); without it, or on a big-endian
 * machine, the units are copied one by one. Each reader keeps a copier of its own: what
 * {@link CodeUnits.of} returns is valid until that copier's next call.
 */
const NODE_BUFFER = (globalThis as { Buffer?: typeof Buffer }).Buffer;
const LITTLE_ENDIAN = new Uint16Array(new Uint8Array([1, 0]).buffer)[0] === 1;

/** The most code units a copier keeps room for (128 KiB); a longer text gets an array of its own. */
export const KEPT_UNITS = 65536;

export class CodeUnits {
  #units = new Uint16Array(0);
  #bytes: Buffer | undefined;
  readonly #native: boolean;

  /** `native`: copy with Node's Buffer where there is one (false: one by one, for tests). */
  constructor(native = true) {
    this.#native = native && NODE_BUFFER !== undefined && LITTLE_ENDIAN;
  }

  /**
   * The first `count` code units of `text` (all by default) in the first entries of a reused
   * array (of a new one beyond {@link KEPT_UNITS}, which is not kept).
   */
  of(text: string, count = text.length): Uint16Array {
    const n = Math.min(count, text.length);
    if (n > KEPT_UNITS) {
      const buffer = new ArrayBuffer(2 * n);
      const units = new Uint16Array(buffer);
      if (this.#native) NODE_BUFFER!.from(buffer).write(text, 0, 2 * n, 'utf16le');
      else for (let i = 0; i < n; i++) units[i] = text.charCodeAt(i);
      return units;
    }
    if (this.#units.length < n) {
      const buffer = new ArrayBuffer(2 * Math.min(KEPT_UNITS, Math.max(n, 2 * this.#units.length, 1024)));
      this.#units = new Uint16Array(buffer);
      this.#bytes = this.#native ? NODE_BUFFER!.from(buffer) : undefined;
    }
    const units = this.#units;
    if (this.#bytes !== undefined) this.#bytes.write(text, 0, 2 * n, 'utf16le');
    else for (let i = 0; i < n; i++) units[i] = text.charCodeAt(i);
    return units;
  }
}
