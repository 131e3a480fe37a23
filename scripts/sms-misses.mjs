#!/usr/bin/env node
// Bundles scripts/sms-misses.ts with esbuild (a dependency of tsup) and runs it.
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';
const outfile = new URL('../node_modules/.cache/formspam/sms-misses.mjs', import.meta.url).pathname;
await build({ entryPoints: [new URL('./sms-misses.ts', import.meta.url).pathname], bundle: true, platform: 'node', format: 'esm', outfile, packages: 'external', logLevel: 'warning' });
await import(pathToFileURL(outfile).href);
