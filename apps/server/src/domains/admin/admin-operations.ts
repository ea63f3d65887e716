import { type TMessageResult, ZAdminIdParam, ZIdInput, ZMessageResult } from '@starloop/contract';
import type { z } from 'zod';
import type { TDeps } from '../../context.ts';
import { adminActor, type TAdminActor } from '../../lib/audit.ts';
import { adminProcedure, superAdminProcedure } from '../../trpc/init.ts';
import type { TRestBinding } from '../../trpc/operation-meta.ts';

/*
 * The kinds of back-office operation most admin areas have, each declared once: a list (GET a
 * page, or the newest rows), an update and a delete of one record by id (PUT or DELETE
 * `/admin/<x>/:id`, told to the service with the admin who acts, for the activity feed and the
 * audit trail; a delete answers `{ success, message }`). An operation file still holds one operation: who may call (any admin unless
 * `superAdminOnly`), its REST binding, schemas and service.
 */

/** Where the spec documents a REST path: path, summary, description; `tags` default to `['admin']`. */
interface TAdminBinding {
  path: string;
  summary: string;
  description?: string;
  tags?: string[];
}

interface TWho {
  superAdminOnly?: boolean;
}

const builder = ({ superAdminOnly = false }: TWho) => (superAdminOnly ? superAdminProcedure : adminProcedure);

const restMeta = (
  method: TRestBinding['method'],
  { path, summary, description, tags = ['admin'] }: TAdminBinding,
  params?: TRestBinding['params'],
): { rest: TRestBinding } => ({
  rest: {
    method,
    path,
    ...(params ? { params } : {}),
    summary,
    ...(description !== undefined ? { description } : {}),
    tags,
  },
});

/*
 * The call sites type-check against the schemas (the service's input and answer); tRPC's own
 * types cannot see through these generics, hence the casts inside.
 */

/** A list: its query (paging, search, sort, filters) in, one page (or the newest rows) out. */
export function adminListOperation<TQuery extends z.ZodType, TAnswer extends z.ZodType>(
  spec: TWho &
    (TAdminBinding | { path?: undefined }) & {
      input: TQuery;
      output: TAnswer;
      list: (deps: TDeps, query: z.output<TQuery>) => Promise<z.input<TAnswer>>;
    },
) {
  const procedure = builder(spec);
  return (spec.path === undefined ? procedure : procedure.meta(restMeta('GET', spec)))
    .input(spec.input)
    .output(spec.output)
    .query(({ ctx, input }) => spec.list(ctx.deps, input as z.output<TQuery>) as Promise<never>);
}

/** PUT `/admin/<x>/:id`: the id (from the path) with the record's fields in, the record out. */
export function adminUpdateOperation<TInput extends z.ZodType<{ id: number }>, TAnswer extends z.ZodType>(
  spec: TWho &
    TAdminBinding & {
      input: TInput;
      output: TAnswer;
      update: (
        deps: TDeps,
        id: number,
        fields: Omit<z.output<TInput>, 'id'>,
        actor: TAdminActor,
      ) => Promise<z.input<TAnswer>>;
    },
) {
  return builder(spec)
    .meta(restMeta('PUT', spec, ZAdminIdParam))
    .input(spec.input)
    .output(spec.output)
    .mutation(({ ctx, input }) => {
      const { id, ...fields } = input as z.output<TInput>;
      return spec.update(ctx.deps, id, fields, adminActor(ctx)) as Promise<never>;
    });
}

/** DELETE `/admin/<x>/:id`: the id (from the path) in, `{ success, message }` out. */
export function adminDeleteOperation(
  spec: TWho &
    TAdminBinding & {
      remove: (deps: TDeps, id: number, actor: TAdminActor) => Promise<TMessageResult>;
    },
) {
  return builder(spec)
    .meta(restMeta('DELETE', spec, ZAdminIdParam))
    .input(ZIdInput)
    .output(ZMessageResult)
    .mutation(({ ctx, input }) => spec.remove(ctx.deps, input.id, adminActor(ctx)));
}
