// The contract check (API_CONTRACT_CHECK, on in the tests, refused in production): every request the API
// accepted and every JSON answer it gives are validated against openapi.json. A mismatch turns the answer
// into a 500 that names it, logs an error, and is kept for the test run, which fails the test that caused it
// (test/support/hooks.ts), so the description and the code cannot drift apart unnoticed.
// Answers are held to the description strictly: a field it does not describe is a mismatch (clients are
// told to ignore unknown fields, so the served description itself stays open to additions).
import type { Request, RequestHandler, Response } from 'express';
import type Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv/dist/2020';
import { apiDescription, type OpenApiDocument } from './openapi';

type Node = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** Status codes of an accepted request: its parameters and body must be what the description allows. */
const accepted = (status: number) => status < 400 || status === 409;

const found: string[] = [];

/** The mismatches found since the last call (the test hooks fail the test that caused them). */
export function takeContractViolations(): string[] {
  return found.splice(0);
}

/** JSON pointer escaping (RFC 6901). */
const pointerPart = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

interface Resolved {
  node: Node;
  pointer: string;
}

/** Follows local $refs ("#/components/..."); returns the node and its pointer in the document. */
function resolve(doc: OpenApiDocument, node: unknown, pointer: string): Resolved {
  let current = node as Node;
  let at = pointer;
  for (let hops = 0; typeof current?.$ref === 'string' && hops < 10; hops += 1) {
    at = (current.$ref as string).slice(1);
    current = at
      .split('/')
      .slice(1)
      .reduce<unknown>((parent, key) => (parent as Node)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as Node;
    if (!current) throw new Error(`openapi.json: the $ref ${at} leads nowhere`);
  }
  return { node: current, pointer: at };
}

/**
 * The document with every object schema that lists its properties closed to others: answers may hold
 * only what is described. Conditions (if/not/contains/propertyNames) are left as they are.
 */
function closedAnswers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(closedAnswers);
  if (!value || typeof value !== 'object') return value;
  const copy: Node = {};
  for (const [key, child] of Object.entries(value)) {
    copy[key] = ['if', 'then', 'else', 'not', 'contains', 'propertyNames'].includes(key) ? child : closedAnswers(child);
  }
  const open = ['additionalProperties', 'unevaluatedProperties', 'patternProperties'].some((k) => k in copy);
  const props = copy.properties;
  if (props && typeof props === 'object' && !Array.isArray(props) && !open) copy.unevaluatedProperties = false;
  return copy;
}

interface Operation {
  template: string;
  pattern: RegExp;
  names: string[];
  pathItem: Node;
}

class Checker {
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly operations: Operation[];

  constructor(
    private readonly ajv: Ajv2020,
    private readonly doc: OpenApiDocument,
  ) {
    this.operations = Object.entries(doc.paths).map(([template, pathItem]) => {
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const source = template
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('([^/]+)');
      return { template, pattern: new RegExp(`^${source}/?$`, 'i'), names, pathItem: pathItem as Node };
    });
  }

  /** A validator of the schema at `pointer`: requests as described, answers closed (see closedAnswers). */
  private validator(kind: 'request' | 'answer', pointer: string): ValidateFunction {
    const key = `${kind}#${pointer}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile({ $ref: key });
      this.validators.set(key, validate);
    }
    return validate;
  }

  private errors(validate: ValidateFunction, value: unknown, what: string): string[] {
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => {
      const extra = e.params.unevaluatedProperty ?? e.params.allowedValues ?? e.params.missingProperty;
      return `${what}${e.instancePath} ${e.message}${extra === undefined ? '' : ` (${JSON.stringify(extra)})`}`;
    });
  }

  private find(method: string, path: string) {
    for (const op of this.operations) {
      const match = op.pattern.exec(path);
      if (!match) continue;
      const verb = method === 'head' ? 'get' : method;
      const operation = METHODS.includes(verb) ? (op.pathItem[verb] as Node | undefined) : undefined;
      const params = Object.fromEntries(op.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      return { op, operation, params, pointer: `/paths/${pointerPart(op.template)}/${verb}` };
    }
    return null;
  }

  /** What is wrong with this answer (and, for an accepted request, with the request); [] when nothing. */
  check(req: Request, path: string, status: number, body: unknown, res: Response): string[] {
    const method = req.method.toLowerCase();
    const at = this.find(method, path);
    if (!at?.operation) {
      // No such endpoint: only an error may answer it.
      if (status < 400) return [`${req.method} ${path} is not in the description, yet it answered ${status}`];
      return this.errors(this.validator('answer', '/components/schemas/Error'), body, 'answer');
    }
    const problems: string[] = [];
    const described = at.operation.responses as Node;
    const response = described[String(status)] ?? described[`${String(status)[0]}XX`] ?? described.default;
    const name = `${req.method} ${at.op.template}`;
    if (!response) problems.push(`${name} has no ${status} answer in the description`);
    else {
      const { node, pointer } = resolve(this.doc, response, `${at.pointer}/responses/${status}`);
      const content = node.content as Node | undefined;
      if (!content?.['application/json']) problems.push(`${name}: its ${status} answer has no JSON body described`);
      else
        problems.push(
          ...this.errors(
            this.validator('answer', `${pointer}/content/application~1json/schema`),
            body,
            `answer ${status}`,
          ),
        );
      for (const [header, spec] of Object.entries((node.headers ?? {}) as Node)) {
        const { node: headerSpec, pointer: headerPointer } = resolve(
          this.doc,
          spec,
          `${pointer}/headers/${pointerPart(header)}`,
        );
        const value = res.getHeader(header);
        if (value === undefined) {
          if (headerSpec.required) problems.push(`answer ${status}: the header ${header} is missing`);
          continue;
        }
        problems.push(
          ...this.errors(
            this.validator('answer', `${headerPointer}/schema`),
            coerce(String(value), resolve(this.doc, headerSpec.schema, '').node),
            `header ${header}`,
          ),
        );
      }
    }
    if (accepted(status)) problems.push(...this.checkRequest(req, { ...at, operation: at.operation }, name));
    return problems;
  }

  private checkRequest(
    req: Request,
    at: { op: Operation; operation: Node; params: Record<string, string>; pointer: string },
    name: string,
  ): string[] {
    const problems: string[] = [];
    const declared = [
      ...((at.op.pathItem.parameters ?? []) as unknown[]).map((p, i) =>
        resolve(this.doc, p, `/paths/${pointerPart(at.op.template)}/parameters/${i}`),
      ),
      ...((at.operation.parameters ?? []) as unknown[]).map((p, i) =>
        resolve(this.doc, p, `${at.pointer}/parameters/${i}`),
      ),
    ];
    for (const { node: param, pointer } of declared) {
      const key = String(param.name);
      const raw =
        param.in === 'path'
          ? at.params[key]
          : param.in === 'query'
            ? (req.query as Record<string, unknown>)[key]
            : param.in === 'header'
              ? req.get(key)
              : undefined;
      if (raw === undefined) {
        if (param.required) problems.push(`${name} was accepted without its required ${param.in} parameter ${key}`);
        continue;
      }
      const value = typeof raw === 'string' ? coerce(raw, resolve(this.doc, param.schema, '').node) : raw;
      problems.push(...this.errors(this.validator('request', `${pointer}/schema`), value, `${param.in} ${key}`));
    }
    const requestBody = at.operation.requestBody;
    if (requestBody) {
      const { node, pointer } = resolve(this.doc, requestBody, `${at.pointer}/requestBody`);
      if (req.body === undefined) {
        if (node.required) problems.push(`${name} was accepted without a body`);
      } else
        problems.push(
          ...this.errors(
            this.validator('request', `${pointer}/content/application~1json/schema`),
            req.body,
            'request body',
          ),
        );
    }
    return problems;
  }
}

/** A parameter or header arrives as text: numbers and booleans are read as the schema says. */
function coerce(raw: string, schema: Node): unknown {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const EMAIL = /^[^\s@<>]+@[^\s@<>.]+(\.[^\s@<>.]+)+$/;

const DOCUMENT_FIELDS = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'paths',
  'webhooks',
  'components',
  'security',
  'tags',
  'externalDocs',
];

let building: Promise<Checker> | undefined;

/**
 * An ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) holding the description twice: its schemas are
 * `request#<pointer>` as written and `answer#<pointer>` closed to undescribed fields.
 */
export async function contractSchemas(doc: OpenApiDocument = apiDescription()): Promise<Ajv2020> {
  // Imported here, not at the top: ajv is a development dependency, absent from the production image.
  const { default: Ajv } = await import('ajv/dist/2020');
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, allowUnionTypes: true });
  ajv.addFormat('date-time', { type: 'string', validate: (s) => DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)) });
  ajv.addFormat('email', { type: 'string', validate: (s) => EMAIL.test(s) });
  // The document's own fields, so that ajv takes the whole document as a schema whose parts are referenced.
  ajv.addVocabulary(DOCUMENT_FIELDS);
  ajv.addSchema(doc, 'request');
  ajv.addSchema(closedAnswers(doc) as OpenApiDocument, 'answer');
  return ajv;
}

async function checker(): Promise<Checker> {
  const doc = apiDescription();
  return new Checker(await contractSchemas(doc), doc);
}

/** The middleware: first on the API router, so that it sees every answer, errors included. */
export function contractCheck(): RequestHandler {
  return (req, res, next) => {
    building ??= checker();
    const path = req.path;
    void building.then((check) => {
      const json = res.json.bind(res);
      res.json = (body: unknown) => {
        let problems: string[];
        try {
          problems = check.check(req, path, res.statusCode, body, res);
        } catch (error) {
          problems = [`the check itself failed: ${(error as Error).message}`];
        }
        if (!problems.length) return json(body);
        const message = `The answer ${res.statusCode} to ${req.method} ${req.originalUrl} breaks the API description (server/api/openapi.json): ${problems.join(' | ')}`;
        found.push(message);
        req.log?.error({ problems, status: res.statusCode }, 'API contract violation');
        res.status(500);
        return json({ error: { code: 'contract_violation', message, requestId: String(req.id ?? '') } });
      };
      next();
    }, next);
  };
}
