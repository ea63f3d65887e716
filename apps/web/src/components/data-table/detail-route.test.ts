import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { TRouterContext } from '../../lib/router-context.ts';
import type { TTrpc } from '../../lib/trpc.ts';
import { defineDetailRoute, parseRecordId } from './detail-route.ts';

/** A detail whose query is a plain TanStack Query (the loader only needs queryKey and queryFn). */
function thingDetail(queryFn: (id: number) => Promise<unknown>) {
  return defineDetailRoute('thingId', (_trpc, id) => ({
    queryKey: ['thing', { id }] as const,
    queryFn: () => queryFn(id),
  }));
}

function routerContext() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { queryClient, trpc: {} as TTrpc } satisfies TRouterContext;
}

describe('parseRecordId', () => {
  it.each([
    ['1', 1],
    ['12', 12],
    ['2147483648', 2147483648],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads %s as %d', (raw, id) => {
    expect(parseRecordId(raw)).toBe(id);
  });

  it.each([
    ['letters', 'abc'],
    ['digits then letters', '12abc'],
    ['empty', ''],
    ['zero', '0'],
    ['zeros', '00'],
    ['a leading zero', '012'],
    ['negative', '-3'],
    ['a plus sign', '+3'],
    ['a fraction', '1.5'],
    ['a whole number with a point', '12.0'],
    ['an exponent', '1e3'],
    ['hexadecimal', '0x1f'],
    ['spaces', ' 12 '],
    ['Infinity', 'Infinity'],
    ['past the safe integers', '9007199254740992'],
    ['huge', '99999999999999999999'],
    ['very huge', '9'.repeat(400)],
  ])('refuses %s (%s)', (_name, raw) => {
    expect(parseRecordId(raw)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    expect(parseRecordId(undefined)).toBeUndefined();
    expect(parseRecordId(12)).toBeUndefined();
  });
});

describe('defineDetailRoute', () => {
  it("parses the route's param into a number, and writes it back as the URL's text", () => {
    const { params } = thingDetail(async () => ({})).route;
    expect(params.parse({ thingId: '42' })).toEqual({ thingId: 42 });
    expect(params.stringify({ thingId: 42 })).toEqual({ thingId: '42' });
    expect(params.parse(params.stringify({ thingId: 42 }))).toEqual({ thingId: 42 });
  });

  it('does not match a path whose id is not one (the router then shows its 404)', () => {
    const { params } = thingDetail(async () => ({})).route;
    for (const raw of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      expect(params.parse({ thingId: raw })).toBe(false);
    }
  });

  it("starts the record's query without waiting for it", async () => {
    let answer: (value: unknown) => void = () => {};
    const queryFn = vi.fn((_id: number) => new Promise((resolve) => (answer = resolve)));
    const detail = thingDetail(queryFn);
    const context = routerContext();

    expect(detail.route.loader({ context, params: { thingId: 7 } })).toBeUndefined();
    expect(queryFn).toHaveBeenCalledWith(7);
    const key = detail.queryOptions(context.trpc, 7).queryKey;
    expect(context.queryClient.getQueryState(key)?.fetchStatus).toBe('fetching');

    answer({ name: 'Seven' });
    await vi.waitFor(() => expect(context.queryClient.getQueryData(key)).toEqual({ name: 'Seven' }));
    // A second navigation (or hover) takes the cached answer.
    detail.route.loader({ context, params: { thingId: 7 } });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it("leaves a failed request to the screen (no unhandled rejection), which reads it from the query's state", async () => {
    const detail = thingDetail(async () => {
      throw new Error('down');
    });
    const context = routerContext();
    detail.route.loader({ context, params: { thingId: 3 } });
    const key = detail.queryOptions(context.trpc, 3).queryKey;
    await vi.waitFor(() => expect(context.queryClient.getQueryState(key)?.status).toBe('error'));
    expect(context.queryClient.getQueryState(key)?.error).toEqual(new Error('down'));
  });
});
