/** The evaluation harness of `formspam eval`: data set loaders, splits, metrics and reports. */
export { CsvError, parseCsv, parseCsvRecords, type CsvRecord } from './csv.js';
export * from './datasets.js';
export * from './metrics.js';
export * from './run.js';
