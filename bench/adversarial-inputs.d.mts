/** Types of bench/adversarial-inputs.mjs. */
export declare const SIZE: number;
export declare function fill(unit: string, size?: number): string;
export declare const ADVERSARIAL_INPUTS: ReadonlyArray<{ name: string; text: string }>;
