// The floors of the server (ARCHITECTURE.md): platform/, files/ and portal/ import no module; a module imports
// another module only through that module's index.ts. Specifiers are resolved against the importing file, so
// '../../data-activities/data-activity.repo' is caught however deep the importing file sits.
import path from 'node:path';

const SERVER = path.join('apps', 'server', 'src');

/** 'modules/returns/gstr1/x' -> { floor: 'modules', module: 'returns', rest: 'gstr1/x' } */
const placeOf = (file) => {
  const at = file.lastIndexOf(SERVER + path.sep);
  if (at < 0) return null;
  const parts = file.slice(at + SERVER.length + 1).split(path.sep);
  return parts[0] === 'modules'
    ? { floor: 'modules', module: parts[1], rest: parts.slice(2).join('/') }
    : { floor: parts[0], module: null, rest: '' };
};

/** The floors under the modules; the composition root (app.ts, main.ts, seed/) may import any module's module.ts or index.ts. */
const FLOORS = new Set(['platform', 'files', 'portal', 'db']);

const isModuleFace = (rest) => rest === '' || rest === 'index' || rest === 'index.ts';

export const layersPlugin = {
  rules: {
    'server-layers': {
      meta: {
        type: 'problem',
        messages: {
          floor: "The {{floor}} floor imports no module ('{{spec}}'): move what it needs down, or pass it in.",
          face: "A module imports another only through its index.ts: import '{{face}}' instead of '{{spec}}'.",
        },
        schema: [],
      },
      create: (context) => {
        const from = placeOf(context.filename);
        if (!from) return {};
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const to = placeOf(path.resolve(path.dirname(context.filename), spec));
          if (!to || to.floor !== 'modules') return;
          if (FLOORS.has(from.floor)) {
            context.report({ node, messageId: 'floor', data: { floor: from.floor, spec } });
          } else if (from.floor === 'modules' && to.module !== from.module && !isModuleFace(to.rest)) {
            const face = path.relative(
              path.dirname(context.filename),
              path.join(context.filename.slice(0, context.filename.lastIndexOf(SERVER) + SERVER.length), 'modules', to.module),
            );
            context.report({ node, messageId: 'face', data: { spec, face } });
          }
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};
