import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  CANCELLED_MESSAGE,
  apiRequest,
  buildUrl,
  configureApiClient,
  fetchJsonAt,
  pathWith,
  toPage,
  unwrapBody,
} from './api-client';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('api client (PRODUCT §7 and §8)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();
  let token: string | null = null;

  beforeEach(() => {
    token = null;
    fetchMock.mockReset();
    onUnauthorized.mockReset();
    configureApiClient({
      baseUrl: '/api',
      fetch: fetchMock,
      getToken: () => token,
      getLanguage: () => 'ja',
      onUnauthorized,
      networkErrorMessage: () => '네트워크 연결을 확인해주세요.',
    });
  });

  afterEach(() => {
    configureApiClient({ getToken: () => null, onUnauthorized: () => undefined });
  });

  const caught = async (promise: Promise<unknown>): Promise<ApiError> => {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    }
    throw new Error('expected the request to fail');
  };

  it('should unwrap {body} and send JSON with the bearer token and the UI language', async () => {
    token = 'tok-1';
    fetchMock.mockResolvedValueOnce(json(200, { body: { id: 1 } }));
    await expect(apiRequest('/my/user')).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/my/user');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers['Accept-Language']).toBe('ja');
  });

  it("should call a route by the contract's path, its parameters filled in and encoded, its query appended", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { body: { id: 7, name: 'a', title: 'a' } }));
    const playlist = await api.get('/playbox/:id', { params: { id: 7 }, query: { page: 0 } });
    // The answer's type comes from the route (Playlist): no type argument at the call.
    expect(playlist.title).toBe('a');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/playbox/7?page=0');
    fetchMock.mockResolvedValueOnce(json(200, { body: { id: 7 } }));
    await api.delete('/my/musics/:id', { params: { id: '7/../1' } });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/my/musics/7%2F..%2F1');
    expect(fetchMock.mock.calls[1]![1]!.method).toBe('DELETE');
    expect(() => pathWith('/playbox/:id')).toThrow(/needs the parameter id/);
  });

  it('should send no Authorization header without a token, and a JSON body when given', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { body: { ok: true } }));
    await apiRequest('/signin', { method: 'POST', body: { email: 'a@b.co', password: 'x' } });
    const init = fetchMock.mock.calls[0]![1]!;
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.co","password":"x"}');
  });

  it('should take a payload without {body} as the payload itself, and text that is not JSON as text', async () => {
    fetchMock.mockResolvedValueOnce(json(200, [1, 2]));
    await expect(apiRequest('/x')).resolves.toEqual([1, 2]);
    fetchMock.mockResolvedValueOnce(new Response('plain words', { status: 200 }));
    await expect(apiRequest('/x')).resolves.toBe('plain words');
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 202 }));
    await expect(apiRequest('/findpw')).resolves.toBeNull();
  });

  it('should throw status, the server message, code and details on an error response', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { message: '비밀번호가 일치하지 않습니다.', code: 'PASSWORD_MISMATCH', details: { field: 'confirmPassword' } }),
    );
    const error = await caught(apiRequest('/signup', { method: 'POST', body: {} }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('비밀번호가 일치하지 않습니다.');
    expect(error.code).toBe('PASSWORD_MISMATCH');
    expect(error.details).toEqual({ field: 'confirmPassword' });
    expect(error.kind).toBe('http');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("should say 'HTTP Error {status}' when the response has no message", async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    const error = await caught(apiRequest('/musics'));
    expect(error.message).toBe('HTTP Error 502');
    expect(error.status).toBe(502);
  });

  it.each([401, 403])('should clear the session on %i', async (status) => {
    fetchMock.mockResolvedValueOnce(json(status, { message: 'no', code: 'UNAUTHORIZED' }));
    const error = await caught(apiRequest('/my/user'));
    expect(error.status).toBe(status);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('should keep the session on a 403 about the action (level too low)', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { message: '다운로드는 레벨 5 이상부터 가능합니다.', code: 'LEVEL_TOO_LOW' }));
    const error = await caught(apiRequest('/download/download', { query: { musicId: 1 } }));
    expect(error.code).toBe('LEVEL_TOO_LOW');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('should read a media JSON document at the URL given, without the API base', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { version: 1, length: 2, peaks: [0.5, 1] }));
    await expect(fetchJsonAt('/api/media/peaks/3.json?v=x')).resolves.toEqual({ version: 1, length: 2, peaks: [0.5, 1] });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/media/peaks/3.json?v=x');
    fetchMock.mockResolvedValueOnce(json(404, { message: 'no', code: 'NOT_FOUND' }));
    expect((await caught(fetchJsonAt('/api/media/peaks/4.json'))).status).toBe(404);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('should report a network failure with the network message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await caught(apiRequest('/musics'));
    expect(error.message).toBe('네트워크 연결을 확인해주세요.');
    expect(error.status).toBe(0);
    expect(error.kind).toBe('network');
  });

  it("should report a cancelled request as 'Request was cancelled'", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce((_url, init) => {
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });
    const pending = apiRequest('/musics', { signal: controller.signal });
    controller.abort();
    const error = await caught(pending);
    expect(error.message).toBe(CANCELLED_MESSAGE);
    expect(error.message).toBe('Request was cancelled');
    expect(error.kind).toBe('cancelled');
  });

  it('should build query strings with repeated keys and leave empty values out', () => {
    expect(buildUrl('/musics', { page: 0, q: '잔잔한', moods: [1101, 1102], g: undefined, speed: null, soundKey: '' })).toBe(
      '/api/musics?page=0&q=%EC%9E%94%EC%9E%94%ED%95%9C&moods=1101&moods=1102',
    );
    configureApiClient({ baseUrl: 'https://api.example.com/api/' });
    expect(buildUrl('site')).toBe('https://api.example.com/api/site');
  });

  it('should treat a plain array as one page and keep a page object', () => {
    expect(toPage([{ id: 1 }, { id: 2 }])).toEqual({
      content: [{ id: 1 }, { id: 2 }],
      totalPages: 1,
      totalElements: 2,
      size: 2,
      number: 0,
      first: true,
      last: true,
    });
    const page = { content: [], totalPages: 0, totalElements: 0, size: 20, number: 0, first: true, last: true };
    expect(toPage(page)).toBe(page);
    expect(toPage(null).content).toEqual([]);
  });

  it('should unwrap only objects carrying body', () => {
    expect(unwrapBody({ body: 3 })).toBe(3);
    expect(unwrapBody({ token: 't' })).toEqual({ token: 't' });
    expect(unwrapBody(null)).toBeNull();
  });
});
