import { FormspamError } from './errors.js';
import type { SchemaNode } from './schema.js';

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Appends a property name to a JSON path: `$.a`, or `$["a b"]` when it is not an identifier. */
export function pathJoin(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return IDENT.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  return `a ${typeof value}`;
}

/** A plain JSON object: not null, not an array, not a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function fail(path: string, message: string): never {
  throw new FormspamError('INVALID_REQUEST', `${path}: ${message}`, { path });
}

/**
 * Checks `value` against the subset of JSON Schema used by formspam's schemas.
 * Throws a `FormspamError` (`INVALID_REQUEST`) naming the first offending path.
 */
export function validateAgainst(schema: SchemaNode, value: unknown, path = '$'): void {
  if (schema.oneOf) {
    const branch = schema.oneOf.find((s) => s.type === jsonType(value));
    if (!branch) {
      const types = schema.oneOf.map((s) => s.type).join(' or ');
      fail(path, `must be ${types}, got ${describe(value)}`);
    }
    validateAgainst(branch, value, path);
    return;
  }
  switch (schema.type) {
    case 'string': {
      if (typeof value !== 'string') fail(path, `must be a string, got ${describe(value)}`);
      if (schema.maxLength !== undefined && value.length > schema.maxLength) {
        fail(path, `must be at most ${schema.maxLength} characters long`);
      }
      if (schema.enum && !schema.enum.includes(value)) {
        fail(path, `must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}, got ${JSON.stringify(value)}`);
      }
      if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) {
        // The schema's own words when it has them: a user should not have to read a regular expression.
        fail(path, schema.description !== undefined ? `${JSON.stringify(value.slice(0, 100))} is not valid here: expected ${schema.description}` : `${JSON.stringify(value.slice(0, 100))} does not match the pattern ${schema.pattern}`);
      }
      return;
    }
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, `must be a finite number, got ${describe(value)}`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') fail(path, `must be a boolean, got ${describe(value)}`);
      return;
    case 'array': {
      if (!Array.isArray(value)) fail(path, `must be an array, got ${describe(value)}`);
      if (schema.maxItems !== undefined && value.length > schema.maxItems) {
        fail(path, `must have at most ${schema.maxItems} items, got ${value.length}`);
      }
      if (schema.items) {
        for (let i = 0; i < value.length; i++) {
          if (!(i in value)) fail(pathJoin(path, i), 'must not be a hole in the array');
          validateAgainst(schema.items, value[i], pathJoin(path, i));
        }
      }
      return;
    }
    case 'object': {
      if (!isPlainObject(value)) fail(path, `must be an object, got ${describe(value)}`);
      const keys = Object.keys(value);
      if (schema.maxProperties !== undefined && keys.length > schema.maxProperties) {
        fail(path, `must have at most ${schema.maxProperties} properties, got ${keys.length}`);
      }
      for (const key of keys) {
        const child = pathJoin(path, key);
        if (schema.propertyNames?.maxLength !== undefined && key.length > schema.propertyNames.maxLength) {
          fail(child, `property names must be at most ${schema.propertyNames.maxLength} characters long`);
        }
        const known = schema.properties && Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
        if (known) {
          validateAgainst(known, value[key], child);
        } else if (schema.additionalProperties === false || schema.additionalProperties === undefined && schema.properties) {
          const allowed = schema.properties ? Object.keys(schema.properties).join(', ') : 'none';
          fail(child, `unknown property ${JSON.stringify(key)} (allowed: ${allowed})`);
        } else if (typeof schema.additionalProperties === 'object') {
          validateAgainst(schema.additionalProperties, value[key], child);
        }
      }
      return;
    }
    default:
      return;
  }
}

function jsonType(value: unknown): SchemaNode['type'] | 'null' | 'other' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return 'object';
    default:
      return 'other';
  }
}
