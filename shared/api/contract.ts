/**
 * The building blocks of the route map (endpoints.ts + routes.ts): what one entry says and the
 * types read from it. A request is a zod schema (the one the server validates with); a response
 * is a phantom type (`answer<T>()` holds no value, only T) or, for downloads, `fileAnswer()`.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH';

/** A successful answer's body type, carried by the entry at the type level only. */
export interface JsonAnswer<T> {
  readonly kind: 'json';
  /** Never set: it only carries T. */
  readonly type?: T;
}

/** A download (CSV, SVG, PNG, PDF, ZIP): the client gets the bytes and the server's file name. */
export interface FileAnswer {
  readonly kind: 'file';
}

/** What `call` resolves with for a download. */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition; null when the server names none. */
  fileName: string | null;
}

export function answer<T>(): JsonAnswer<T> {
  return { kind: 'json' };
}

export function fileAnswer(): FileAnswer {
  return { kind: 'file' };
}

/** What the wire needs: method, path and the answer. */
export interface EndpointEntry {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly response: JsonAnswer<unknown> | FileAnswer;
}

/** An entry of the route map: the endpoint and the schema of its request, if it takes one. */
export interface RouteEntry extends EndpointEntry {
  /** The JSON body of a POST or PATCH. */
  readonly body?: z.ZodType;
  /** The query string of a GET. */
  readonly query?: z.ZodType;
}

/** Keeps an endpoint's literal types (method, path) while checking it is one. */
export function endpoint<const Entry extends EndpointEntry>(entry: Entry): Entry {
  return entry;
}

/** A GET takes a query schema, a POST or PATCH a body schema. */
export type RequestSchemaOf<Entry extends EndpointEntry> = Entry['method'] extends 'GET' ? { readonly query: z.ZodType } : { readonly body: z.ZodType };

export type RequestTable<Endpoints extends Record<string, EndpointEntry>> = {
  readonly [Name in keyof Endpoints]?: RequestSchemaOf<Endpoints[Name]>;
};

export type RoutesOf<Endpoints extends Record<string, EndpointEntry>, Requests extends RequestTable<Endpoints>> = {
  readonly [Name in keyof Endpoints]: Endpoints[Name] & (Name extends keyof Requests ? Requests[Name] : unknown);
};

/** The route map: each endpoint with its request schema joined in. */
export function withRequests<Endpoints extends Record<string, EndpointEntry>, Requests extends RequestTable<Endpoints>>(
  endpoints: Endpoints,
  requests: Requests,
): RoutesOf<Endpoints, Requests> {
  const joined: Record<string, RouteEntry> = {};
  for (const [name, entry] of Object.entries(endpoints)) joined[name] = { ...entry, ...requests[name as keyof Requests] };
  return joined as RoutesOf<Endpoints, Requests>;
}

/** `:id` and friends of a path, as a union of their names. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type EntryBody<Entry> = Entry extends { body: infer Schema extends z.ZodType } ? Schema : never;
type EntryQuery<Entry> = Entry extends { query: infer Schema extends z.ZodType } ? Schema : never;

/** Values a query string can carry; null and undefined leave the key out. */
export type QueryScalar = string | number;

/**
 * What a client may put in a query: the schema's literal values where it names them (`format:
 * 'svg' | 'png' | 'pdf'`), any text or number where it parses text itself (dates, numbers).
 */
type QueryValue<Input> = unknown extends Input
  ? QueryScalar
  : string extends Exclude<Input, undefined | null>
    ? QueryScalar
    : Exclude<Input, undefined | null> extends string
      ? Exclude<Input, undefined | null>
      : QueryScalar;

export type QueryInput<Schema extends z.ZodType> = {
  [Key in keyof z.input<Schema>]?: QueryValue<z.input<Schema>[Key]> | null;
};

export type RequestOfEntry<Entry> = [EntryBody<Entry>] extends [never]
  ? [EntryQuery<Entry>] extends [never]
    ? undefined
    : QueryInput<EntryQuery<Entry>>
  : z.input<EntryBody<Entry>>;

export type ParsedRequestOfEntry<Entry> = [EntryBody<Entry>] extends [never]
  ? [EntryQuery<Entry>] extends [never]
    ? undefined
    : z.output<EntryQuery<Entry>>
  : z.output<EntryBody<Entry>>;

export type ResponseOfEntry<Entry> = Entry extends { response: JsonAnswer<infer Body> }
  ? Body
  : Entry extends { response: FileAnswer }
    ? DownloadedFile
    : never;

/** What a route does not take is typed `undefined`, so `call('health', { body })` does not compile. */
export type InputOfEntry<Entry> = (Entry extends { path: infer Path extends string }
  ? [PathParamNames<Path>] extends [never]
    ? { params?: undefined }
    : { params: Record<PathParamNames<Path>, string> }
  : never) &
  ([EntryBody<Entry>] extends [never] ? { body?: undefined } : { body: z.input<EntryBody<Entry>> }) &
  ([EntryQuery<Entry>] extends [never] ? { query?: undefined } : { query?: QueryInput<EntryQuery<Entry>> });
