/** BAD is spam; `heldHam`: ham classified NEUTRAL or BAD (what a site holding NEUTRAL for review holds). */
export interface ReplayCounts { tp: number; fn: number; fp: number; tn: number; heldHam: number; recall: number; fpr: number; precision: number; heldHamRate: number }
export interface ReplayResult { messages: number; reports: number; activeAt: number; after: number; learner: ReplayCounts; control: ReplayCounts }
export type ReplayCall = (method: string, path: string, body: unknown, headers?: Record<string, string>) => Promise<{ status: number; json: any }>;
export function reported(i: number, share: number): boolean;
export function rates(c: { tp: number; fn: number; fp: number; tn: number; heldHam?: number }): ReplayCounts;
export function replay(
  call: ReplayCall,
  keys: { learner: { apiKey: string; secret: string }; control: { apiKey: string } },
  records: readonly { text: string; label: 'spam' | 'ham'; formType?: string }[],
  options?: { share?: number; onMessage?: (record: { text: string; label: 'spam' | 'ham' }, learner: any, control: any) => void },
): Promise<ReplayResult>;
export function inOrder<T>(records: readonly T[], k: number): readonly T[];
export function summed(results: readonly { learner: ReplayCounts; control: ReplayCounts }[]): { learner: ReplayCounts; control: ReplayCounts };
