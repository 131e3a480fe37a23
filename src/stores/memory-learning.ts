/** The decision log and the site-model counts of the in-memory store. */
import type { DecisionRecord, DecisionStore, FeedbackLabel, SiteModelCounts, SiteModelStore, SiteModelTotals } from './types.js';

const DEFAULT_LIST_LIMIT = 100;

/**
 * The words (4 bytes each) of one chunk of the decisions' variable parts: 1 MiB. A record
 * longer than a chunk gets a chunk of its own length.
 */
const CHUNK_WORDS = 1 << 18;
/** Slots of the per-decision arrays made at first; they double when full. */
const FIRST_SLOTS = 1024;
/** `countryOf` of a `country` that is null, and of one that is undefined. */
const NULL_COUNTRY = -1;
const UNDEFINED_COUNTRY = -2;
/** `labelOf` of a decision without a label. */
const NO_LABEL = -1;

function grownF64(a: Float64Array, n: number) {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

function grownI32(a: Int32Array, n: number) {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}

/**
 * `maxDecisions`: the most decisions kept; a new one beyond it drops the oldest written, so the
 * process's memory stays bounded between the decision log's retention sweeps.
 *
 * The decisions are kept off the JavaScript heap, where the garbage collector does not trace
 * them: each has a slot, a small integer, whose fixed fields are kept in typed arrays (the
 * strings, the key, the classification, the country, the label, as the indexes of a table of
 * the store's strings), and whose reasons (indexes in the same table) and tokens are the
 * 32-bit words of a record in a chunk of 1 MiB. A decision is made an object again only when it
 * is read. On the heap stay the map from id to slot, the ids, and the requests kept with
 * `--log-text`. A chunk is released when none of its records is kept; when the chunks hold more
 * than twice the words kept, the kept records are copied into new ones.
 */
export function memoryDecisionStore(open: () => void, maxDecisions = 100_000): DecisionStore {
  /** The slot of each kept decision, in the order first written (a write again keeps the place). */
  const slots = new Map<string, number>();
  // The table of strings: reasons, keys, classifications, countries, labels.
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const intern = (s: string): number => {
    let i = stringIndex.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      stringIndex.set(s, i);
    }
    return i;
  };

  // Per slot. `idOf[s]` undefined: the slot is free.
  let capacity = FIRST_SLOTS;
  const idOf: (string | undefined)[] = [];
  let atOf = new Float64Array(capacity);
  let scoreOf = new Float64Array(capacity);
  let labelledAtOf = new Float64Array(capacity);
  /** When it was first written: its place in the order of eviction. */
  let seqOf = new Float64Array(capacity);
  let keyOf = new Int32Array(capacity);
  let classOf = new Int32Array(capacity);
  let countryOf = new Int32Array(capacity);
  /** The label's string, or {@link NO_LABEL}. */
  let labelOf = new Int32Array(capacity);
  /** 1 when `labelledAt` is given. */
  let hasLabelledAt = new Int32Array(capacity);
  /** Where its record is: the chunk, the first word, the number of words. */
  let chunkOf = new Int32Array(capacity);
  let offsetOf = new Int32Array(capacity);
  let wordsOf = new Int32Array(capacity);
  const freeSlots: number[] = [];
  let nextSlot = 0;
  /** The request of a decision that has one (`--log-text`), by slot. */
  const requests = new Map<number, unknown>();

  const newSlot = (): number => {
    if (freeSlots.length > 0) return freeSlots.pop()!;
    if (nextSlot === capacity) {
      capacity *= 2;
      atOf = grownF64(atOf, capacity);
      scoreOf = grownF64(scoreOf, capacity);
      labelledAtOf = grownF64(labelledAtOf, capacity);
      seqOf = grownF64(seqOf, capacity);
      keyOf = grownI32(keyOf, capacity);
      classOf = grownI32(classOf, capacity);
      countryOf = grownI32(countryOf, capacity);
      labelOf = grownI32(labelOf, capacity);
      hasLabelledAt = grownI32(hasLabelledAt, capacity);
      chunkOf = grownI32(chunkOf, capacity);
      offsetOf = grownI32(offsetOf, capacity);
      wordsOf = grownI32(wordsOf, capacity);
    }
    return nextSlot++;
  };

  // The records: [number of reasons, the reasons' strings…, the tokens…], 32-bit words.
  let chunks: (Uint32Array | undefined)[] = [];
  /** Words of kept records per chunk. */
  let chunkLive: number[] = [];
  let freeChunks: number[] = [];
  /** The chunk written to, and its first free word. */
  let current = -1;
  let used = 0;
  /** Words in all chunks, and in kept records. */
  let allocatedWords = 0;
  let liveWords = 0;

  /** Room for `words` words: sets `current` and `used` to where they go. */
  const reserve = (words: number) => {
    if (current >= 0 && used + words <= chunks[current]!.length) return;
    if (current >= 0 && chunkLive[current] === 0) release(current);
    const chunk = new Uint32Array(Math.max(CHUNK_WORDS, words));
    allocatedWords += chunk.length;
    current = freeChunks.length > 0 ? freeChunks.pop()! : chunks.length;
    chunks[current] = chunk;
    chunkLive[current] = 0;
    used = 0;
  };
  const release = (c: number) => {
    allocatedWords -= chunks[c]!.length;
    chunks[c] = undefined;
    freeChunks.push(c);
    if (c === current) current = -1;
  };

  /**
   * Writes a decision's record and points its slot at it, then releases the slot's record before
   * (`replaced`). Nothing is changed when the tokens cannot be written (the typed array's `set`
   * throws for a value that is no number).
   */
  const writeRecord = (slot: number, reasons: readonly string[], tokens: readonly number[], replaced: boolean) => {
    const nReasons = reasons.length;
    const words = 1 + nReasons + tokens.length;
    reserve(words);
    const chunk = chunks[current]!;
    const at = used;
    chunk.set(tokens, at + 1 + nReasons);
    chunk[at] = nReasons;
    for (let i = 0; i < nReasons; i++) chunk[at + 1 + i] = intern(reasons[i]!);
    used += words;
    chunkLive[current]! += words;
    liveWords += words;
    if (replaced) freeRecord(slot);
    chunkOf[slot] = current;
    offsetOf[slot] = at;
    wordsOf[slot] = words;
  };
  const freeRecord = (slot: number) => {
    const c = chunkOf[slot]!;
    const words = wordsOf[slot]!;
    chunkLive[c]! -= words;
    liveWords -= words;
    if (chunkLive[c] === 0 && c !== current) release(c);
  };
  /** Copies the kept records into new chunks once the chunks hold more than twice their words. */
  const compactIfSparse = () => {
    if (allocatedWords <= 2 * liveWords + 4 * CHUNK_WORDS) return;
    const old = chunks;
    chunks = [];
    chunkLive = [];
    freeChunks = [];
    current = -1;
    used = 0;
    allocatedWords = 0;
    for (const slot of slots.values()) {
      const words = wordsOf[slot]!;
      const from = offsetOf[slot]!;
      reserve(words);
      chunks[current]!.set(old[chunkOf[slot]!]!.subarray(from, from + words), used);
      chunkOf[slot] = current;
      offsetOf[slot] = used;
      used += words;
      chunkLive[current]! += words;
    }
  };

  const reasonsOf = (slot: number): string[] => {
    const chunk = chunks[chunkOf[slot]!]!;
    const at = offsetOf[slot]!;
    const n = chunk[at]!;
    const out = new Array<string>(n);
    for (let i = 0; i < n; i++) out[i] = strings[chunk[at + 1 + i]!]!;
    return out;
  };
  const hasReason = (slot: number, reason: number): boolean => {
    const chunk = chunks[chunkOf[slot]!]!;
    const at = offsetOf[slot]!;
    const end = at + 1 + chunk[at]!;
    for (let i = at + 1; i < end; i++) if (chunk[i] === reason) return true;
    return false;
  };
  const tokensOf = (slot: number): number[] => {
    const chunk = chunks[chunkOf[slot]!]!;
    const from = offsetOf[slot]! + 1 + chunk[offsetOf[slot]!]!;
    const n = offsetOf[slot]! + wordsOf[slot]! - from;
    const out = new Array<number>(n);
    for (let i = 0; i < n; i++) out[i] = chunk[from + i]!;
    return out;
  };

  /**
   * Fills a slot with a decision's fields (the order of eviction, `seqOf`, is the caller's);
   * `replaced`: the slot holds the decision written before, whose record is released. What can
   * throw (the request's copy, the tokens) comes before any change.
   */
  const write = (slot: number, r: DecisionRecord, replaced: boolean) => {
    const request = r.request === undefined ? undefined : structuredClone(r.request);
    const at = +r.at;
    const score = +r.score;
    const labelledAt = r.labelledAt === undefined ? 0 : +r.labelledAt;
    writeRecord(slot, r.reasons, r.tokens, replaced);
    atOf[slot] = at;
    scoreOf[slot] = score;
    keyOf[slot] = intern(r.apiKey);
    classOf[slot] = intern(r.classification);
    countryOf[slot] = r.country === null ? NULL_COUNTRY : r.country === undefined ? UNDEFINED_COUNTRY : intern(r.country);
    labelOf[slot] = r.label === undefined ? NO_LABEL : intern(r.label);
    hasLabelledAt[slot] = r.labelledAt === undefined ? 0 : 1;
    labelledAtOf[slot] = labelledAt;
    if (request !== undefined) requests.set(slot, request);
    else requests.delete(slot);
  };

  /** The decision of a slot as a record of its own (the caller may change it). */
  const read = (slot: number): DecisionRecord => {
    const country = countryOf[slot]!;
    const copy: DecisionRecord = {
      id: idOf[slot]!,
      at: atOf[slot]!,
      apiKey: strings[keyOf[slot]!]!,
      classification: strings[classOf[slot]!] as DecisionRecord['classification'],
      score: scoreOf[slot]!,
      reasons: reasonsOf(slot),
      country: country === NULL_COUNTRY ? null : country === UNDEFINED_COUNTRY ? (undefined as unknown as null) : strings[country]!,
      tokens: tokensOf(slot),
    };
    if (labelOf[slot] !== NO_LABEL) copy.label = strings[labelOf[slot]!] as FeedbackLabel;
    if (hasLabelledAt[slot] === 1) copy.labelledAt = labelledAtOf[slot]!;
    const request = requests.get(slot);
    if (request !== undefined) copy.request = structuredClone(request);
    return copy;
  };

  const remove = (id: string, slot: number) => {
    slots.delete(id);
    idOf[slot] = undefined;
    freeRecord(slot);
    requests.delete(slot);
    freeSlots.push(slot);
  };

  /** Newest first, ties by id. */
  const byNewest = (a: number, b: number): number => {
    const d = atOf[b]! - atOf[a]!;
    if (d !== 0) return d;
    const x = idOf[a]!;
    const y = idOf[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  };

  // The order of eviction: the slots and `seq`s of the decisions as first written, the oldest at
  // `head`. An entry whose decision was deleted (its slot free, or taken by a decision written
  // later, with another `seq`) is passed over.
  let queueSlots = new Int32Array(FIRST_SLOTS);
  let queueSeqs = new Float64Array(FIRST_SLOTS);
  let head = 0;
  let tail = 0;
  let lastSeq = 0;
  const enqueue = (slot: number, seq: number) => {
    if (tail === queueSlots.length) {
      if (head > 0) {
        queueSlots.copyWithin(0, head, tail);
        queueSeqs.copyWithin(0, head, tail);
        tail -= head;
        head = 0;
      }
      if (2 * tail > queueSlots.length) {
        queueSlots = grownI32(queueSlots, 2 * queueSlots.length);
        queueSeqs = grownF64(queueSeqs, 2 * queueSeqs.length);
      }
    }
    queueSlots[tail] = slot;
    queueSeqs[tail++] = seq;
  };
  /** Starts the order over from the map's (the order first written), without the entries passed over. */
  const reorder = () => {
    head = 0;
    tail = 0;
    for (const slot of slots.values()) enqueue(slot, seqOf[slot]!);
  };
  const evictOldest = () => {
    while (head < tail) {
      const slot = queueSlots[head]!;
      const seq = queueSeqs[head++]!;
      const id = idOf[slot];
      if (id !== undefined && seqOf[slot] === seq) {
        remove(id, slot);
        return;
      }
    }
  };

  /** The slots of the kept decisions that `keep` accepts. */
  const matching = (keep: (slot: number) => boolean): number[] => {
    const out: number[] = [];
    for (const slot of slots.values()) if (keep(slot)) out.push(slot);
    return out;
  };

  return {
    async putDecision(record) {
      open();
      const old = slots.get(record.id);
      if (old !== undefined) {
        // Written again: it keeps its place.
        write(old, record, true);
        compactIfSparse();
        return;
      }
      const slot = newSlot();
      try {
        write(slot, record, false);
      } catch (error) {
        freeSlots.push(slot);
        throw error;
      }
      // Once the decision is written: one that cannot be drops none.
      if (slots.size >= maxDecisions) evictOldest();
      const seq = ++lastSeq;
      idOf[slot] = record.id;
      seqOf[slot] = seq;
      slots.set(record.id, slot);
      enqueue(slot, seq);
      // Entries passed over (deleted decisions) kept at most as many as the decisions.
      if (tail - head > 2 * slots.size + 1024) reorder();
      compactIfSparse();
    },
    async getDecision(id) {
      open();
      const slot = slots.get(id);
      return slot === undefined ? null : read(slot);
    },
    async listDecisions(filter = {}) {
      open();
      const limit = filter.limit ?? DEFAULT_LIST_LIMIT;
      // A string the table does not have matches no decision.
      const key = filter.apiKey === undefined ? undefined : stringIndex.get(filter.apiKey) ?? -3;
      const classification = filter.classification === undefined ? undefined : stringIndex.get(filter.classification) ?? -3;
      const reason = filter.reason === undefined ? undefined : stringIndex.get(filter.reason) ?? -3;
      const label = filter.label === undefined ? undefined : stringIndex.get(filter.label) ?? -3;
      const { since, until } = filter;
      const out = matching(
        (s) =>
          (key === undefined || keyOf[s] === key) &&
          (classification === undefined || classOf[s] === classification) &&
          (label === undefined || labelOf[s] === label) &&
          (since === undefined || atOf[s]! >= since) &&
          (until === undefined || atOf[s]! < until) &&
          (reason === undefined || hasReason(s, reason)),
      );
      return out.sort(byNewest).slice(0, limit).map(read);
    },
    async labelDecision(id, label, at) {
      open();
      const slot = slots.get(id);
      if (slot === undefined) return undefined;
      const previous = labelOf[slot] === NO_LABEL ? null : (strings[labelOf[slot]!] as FeedbackLabel);
      labelOf[slot] = intern(label);
      hasLabelledAt[slot] = at === undefined ? 0 : 1;
      labelledAtOf[slot] = at ?? 0;
      return previous;
    },
    async deleteDecisions(selector) {
      open();
      const key = selector.apiKey === undefined ? undefined : stringIndex.get(selector.apiKey) ?? -3;
      const { before } = selector;
      const test = (s: number) => (key === undefined || keyOf[s] === key) && (before === undefined || atOf[s]! < before);
      let found: number[];
      if (selector.id !== undefined) {
        const slot = slots.get(selector.id);
        found = slot !== undefined && test(slot) ? [slot] : [];
      } else {
        found = matching(test);
      }
      if (selector.keepNewest !== undefined) found = found.sort(byNewest).slice(selector.keepNewest);
      for (const slot of found) remove(idOf[slot]!, slot);
      if (found.length > 0) compactIfSparse();
      return found.length;
    },
    async dropDecisionRequests(before) {
      open();
      let n = 0;
      for (const slot of [...requests.keys()]) {
        if (atOf[slot]! < before) {
          requests.delete(slot);
          n++;
        }
      }
      return n;
    },
  };
}

/** The totals of a key without a model. */
const NO_MODEL: SiteModelTotals = Object.freeze({ spam: 0, ham: 0 });

/** The last revision given to a memory store's model: each change takes the next, over all stores of the process. */
let lastRevision = 0;

export function memorySiteModelStore(open: () => void): SiteModelStore {
  // Token counts keyed by the token's bits as int32 (`t | 0`): small integers hash faster than
  // the heap numbers that unsigned 32-bit values above 2^31 are.
  const models = new Map<string, { spam: number; ham: number; revision: number; tokens: Map<number, { spam: number; ham: number }> }>();
  return {
    async addSiteCounts(apiKey, label: FeedbackLabel, tokens, delta) {
      open();
      let m = models.get(apiKey);
      if (!m) models.set(apiKey, (m = { spam: 0, ham: 0, revision: 0, tokens: new Map() }));
      m.revision = ++lastRevision;
      m[label] = Math.max(0, m[label] + delta);
      for (const t of tokens) {
        const key = t | 0;
        let c = m.tokens.get(key);
        if (!c) m.tokens.set(key, (c = { spam: 0, ham: 0 }));
        c[label] = Math.max(0, c[label] + delta);
        if (c.spam === 0 && c.ham === 0) m.tokens.delete(key);
      }
    },
    async readSiteCounts(apiKey, tokens): Promise<SiteModelCounts> {
      open();
      const m = models.get(apiKey);
      const found = new Map<number, { spam: number; ham: number }>();
      if (!m) return { spam: 0, ham: 0, tokens: found };
      for (const t of tokens) {
        const c = m.tokens.get(t | 0);
        if (c) found.set(t, { spam: c.spam, ham: c.ham });
      }
      return { spam: m.spam, ham: m.ham, revision: m.revision, tokens: found };
    },
    readSiteTotalsNow(apiKey): SiteModelTotals {
      open();
      const m = models.get(apiKey);
      return m ? { spam: m.spam, ham: m.ham, revision: m.revision } : NO_MODEL;
    },
    async deleteSiteModel(apiKey) {
      open();
      models.delete(apiKey);
    },
  };
}
