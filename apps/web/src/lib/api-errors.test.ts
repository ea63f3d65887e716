import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  anyMessage,
  isClientError,
  isNetworkError,
  isServerError,
  isUnauthorizedError,
  messageOr,
  readApiError,
  restError,
  restErrorOf,
  serverField,
  serverMessage,
} from './api-errors.ts';

const NETWORK = 'Unable to connect to server. Please check your connection.';

/** An error answer as tRPC's client builds it from the wire. */
function trpcAnswer(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { message, code: -32600, data } } as never);
}
const badRequest = trpcAnswer('Business code is already taken', {
  code: 'BAD_REQUEST',
  httpStatus: 400,
  field: 'code',
});
const noAnswer = TRPCClientError.from(new TypeError('Failed to fetch'));

describe('readApiError', () => {
  it("reads a tRPC answer: code, status, the server's message and field", () => {
    expect(readApiError(badRequest)).toEqual({
      network: false,
      server: true,
      code: 'BAD_REQUEST',
      status: 400,
      message: 'Business code is already taken',
      field: 'code',
    });
    expect(serverMessage(badRequest)).toBe('Business code is already taken');
    expect(serverField(badRequest)).toBe('code');
    expect(isServerError(badRequest)).toBe(true);
  });

  it('tells a call that got no answer (tRPC or plain fetch) from a server error', () => {
    expect(isNetworkError(noAnswer)).toBe(true);
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(badRequest)).toBe(false);
    expect(isServerError(noAnswer)).toBe(false);
    expect(serverMessage(noAnswer)).toBeUndefined();
  });

  it('reads a REST answer the same way', async () => {
    const json = new Response(JSON.stringify({ message: 'Invalid report type', field: 'type' }), {
      status: 400,
    });
    const error = await restError(json);
    expect(error).toBeInstanceOf(ApiError);
    expect(readApiError(error)).toEqual({
      network: false,
      server: true,
      status: 400,
      message: 'Invalid report type',
      field: 'type',
    });
    const html = await restError(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(serverMessage(html)).toBe('HTTP error! status: 502');
  });

  it('ignores an empty server message and anything that is not an API error', () => {
    expect(
      serverMessage(trpcAnswer('  ', { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 })),
    ).toBeUndefined();
    expect(readApiError(new Error('boom'))).toEqual({ network: false, server: false });
    expect(readApiError('nope')).toEqual({ network: false, server: false });
  });
});

describe('messages for the screen', () => {
  it("messageOr: the server's message, else the fallback; the network text where the screen has one", () => {
    expect(messageOr(badRequest, 'Failed')).toBe('Business code is already taken');
    expect(messageOr(noAnswer, 'Failed')).toBe('Failed');
    expect(messageOr(noAnswer, 'Failed', NETWORK)).toBe(NETWORK);
    expect(messageOr(new Error('internal detail'), 'Failed')).toBe('Failed');
  });

  it('anyMessage: a clear sentence for a network failure, else any message, else the fallback', () => {
    expect(anyMessage(noAnswer)).toBe(NETWORK);
    expect(anyMessage(badRequest)).toBe('Business code is already taken');
    expect(anyMessage(new Error('API response indicates failure'))).toBe('API response indicates failure');
    expect(anyMessage(undefined, 'Nothing')).toBe('Nothing');
  });
});

describe('what a status says', () => {
  const trpcError = (data: Record<string, unknown>) => trpcAnswer('x', data);

  it('isUnauthorizedError: a 401 only', () => {
    expect(isUnauthorizedError(trpcError({ code: 'UNAUTHORIZED', httpStatus: 401 }))).toBe(true);
    expect(isUnauthorizedError(trpcError({ code: 'FORBIDDEN', httpStatus: 403 }))).toBe(false);
    expect(isUnauthorizedError(new ApiError('Not authorized', 401))).toBe(true);
    expect(isUnauthorizedError(new Error('UNAUTHORIZED'))).toBe(false);
    expect(isUnauthorizedError(undefined)).toBe(false);
  });

  it('isClientError: 4xx answers, not network faults or 5xx', () => {
    expect(isClientError(trpcError({ code: 'NOT_FOUND', httpStatus: 404 }))).toBe(true);
    expect(isClientError(new ApiError('Too many', 429))).toBe(true);
    expect(isClientError(trpcError({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 }))).toBe(false);
    expect(isClientError(new TypeError('Failed to fetch'))).toBe(false);
  });

  it("restErrorOf: the body's message and field, else the status", () => {
    expect(restErrorOf(400, '{"success":false,"message":"Bad file","field":"file"}')).toMatchObject({
      message: 'Bad file',
      status: 400,
      field: 'file',
    });
    expect(restErrorOf(413, '<html>Too large</html>').message).toBe('HTTP error! status: 413');
    expect(restErrorOf(0, '').message).toBe('HTTP error! status: 0');
  });
});
