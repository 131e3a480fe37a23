/**
 * `formspam/data`: the downloadable IP lists (sources, reading, updating), the data directory
 * and the status of every dataset (bundled, installed or downloaded).
 */
export { DEFAULT_LIST_SOURCES, loadListFile, type ListKind, type ListMeta, type ListSource, type LoadedList } from './lists.js';
export { updateLists, type UpdateListResult, type UpdateListsOptions } from './update.js';
export { defaultDataDir } from './paths.js';
export { datasetStatus, type DatasetStatus, type DatasetStatusOptions } from './datasets.js';
