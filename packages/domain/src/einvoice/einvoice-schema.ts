// The NIC e-invoice schema v1.1 as published is not a usable JSON Schema (schema/README.md lists its quirks). This
// repairs a copy into draft-07 that keeps every constraint the file states, for tests and for the IRP sandbox to
// validate requests with. Pure: the caller reads the file and passes its parsed JSON.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

// Keywords of the published file that are annotations, not members of the invoice.
const ANNOTATIONS = new Set(['$schema', 'Title', 'Description', 'required']);
// Schema keywords whose value is a map of member names to schemas.
const MAPS = new Set(['properties']);

/** Repairs one (sub)schema: key spaces, type names, array shorthand, (?i) flags, misplaced `required`. */
function repair(node: Json): Json {
  if (Array.isArray(node)) {
    // Quirk 2: `[itemSchema]` stands for an array of itemSchema.
    const first = node[0];
    return node.length === 1 && isObject(first) ? { type: 'array', items: repair(first) } : node;
  }
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [rawKey, value] of Object.entries(node)) {
    const key = rawKey.trim(); // Quirk 4: "AddlDocDtls ", "type ", "description ".
    if (MAPS.has(key) && isObject(value)) {
      const members: JsonObject = {};
      let misplacedRequired: Json | undefined;
      for (const [rawName, member] of Object.entries(value)) {
        const name = rawName.trim();
        // Quirk 5: a `required` list among RefDtls' members; it names PrecDocDtls' fields.
        if (name === 'required' && Array.isArray(member)) misplacedRequired = member;
        else members[name] = repair(member);
      }
      const prec = members['PrecDocDtls'];
      if (misplacedRequired !== undefined && isObject(prec) && isObject(prec['items'])) prec['items']['required'] = misplacedRequired;
      out[key] = members;
    } else if (key === 'type' && typeof value === 'string') {
      out[key] = value.trim().toLowerCase(); // Quirk 3: "String", " number".
    } else if (key === 'pattern' && typeof value === 'string') {
      out[key] = value.replace(/^\(\?i\)/, ''); // Quirk 6: Java's inline (?i); the enum fixes the case.
    } else if (key === 'required' && Array.isArray(value)) {
      out[key] = value.map((v) => (typeof v === 'string' ? v.trim() : v)); // Quirk 4: " InvStDt ".
    } else {
      out[key] = repair(value);
    }
  }
  return out;
}

/**
 * The published schema as a draft-07 JSON Schema: its top-level members moved under `properties` (quirk 1) and each
 * quirk of schema/README.md repaired. Compile with ajv `{ strict: false, unicodeRegExp: false }` (quirk 6: `\"`).
 */
export function repairEinvoiceSchema(published: unknown): object {
  const root = (isObject(published as Json) ? published : {}) as JsonObject;
  const properties: JsonObject = {};
  for (const [rawKey, value] of Object.entries(root)) {
    const key = rawKey.trim();
    if (!ANNOTATIONS.has(key)) properties[key] = repair(value);
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: typeof root['Title'] === 'string' ? root['Title'].trim() : 'GST-India Invoice Document',
    type: 'object',
    properties,
    required: Array.isArray(root['required']) ? root['required'] : [],
  };
}
