/**
 * The provider of the bundled text model: reads `data/text-model.bin` (or another file) once,
 * on the first request that needs it, and keeps it. A file that is missing or not a model
 * makes every later `text.MODEL` skip with the error in the response's `errors`; it is read
 * again on the next request, so replacing the file needs no restart.
 */
import { readFile } from 'node:fs/promises';
import { bundledDataFile } from '../providers/lists/paths.js';
import type { TextModelProvider } from '../providers/types.js';
import { parseModel, type TextModel } from './model.js';

/** The file name of the bundled model in the package's `data/`. */
export const TEXT_MODEL_FILE = 'text-model.bin';

export interface TextModelProviderOptions {
  /** The model file (default: the package's `data/text-model.bin`). */
  path?: string;
}

export function createTextModelProvider(options: TextModelProviderOptions = {}): TextModelProvider {
  const path = options.path ?? bundledDataFile(TEXT_MODEL_FILE);
  let model: Promise<TextModel> | undefined;
  return {
    name: `text-model:${path}`,
    load() {
      if (model === undefined) {
        model = readFile(path).then((bytes) => parseModel(bytes));
        // A failed load is not kept: the next request tries again.
        model.catch(() => {
          model = undefined;
        });
      }
      return model;
    },
  };
}

/** A provider that hands out a model already in memory (tests, your own models). */
export function staticTextModelProvider(model: TextModel, name = `text-model:${model.version}`): TextModelProvider {
  const loaded = Promise.resolve(model);
  return { name, load: () => loaded };
}
