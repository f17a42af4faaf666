import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { downloadFailure, downloadGate } from './download-gate';

const FILE = { filePath: '/api/musics/1/stream', fileName: 'song.wav' };

describe('downloadGate', () => {
  it('should check sign-in, then file info, then level (PRODUCT §5 order)', () => {
    expect(downloadGate({ token: null, level: null }, { filePath: null, fileName: null })).toBe('login');
    expect(downloadGate({ token: 't', level: 1 }, { filePath: null, fileName: 'a.wav' })).toBe('noFile');
    expect(downloadGate({ token: 't', level: 1 }, { filePath: '/x', fileName: null })).toBe('noFile');
    expect(downloadGate({ token: 't', level: 4 }, FILE)).toBe('level');
    expect(downloadGate({ token: 't', level: null }, FILE)).toBe('level');
    expect(downloadGate({ token: 't', level: 5 }, FILE)).toBe('ok');
  });
});

describe('downloadFailure', () => {
  const http = (status: number, code: string | null) => new ApiError('http', status, 'x', code, null);
  it('should map the server answers to the PRODUCT §8 messages', () => {
    expect(downloadFailure(http(401, 'UNAUTHORIZED'))).toBe('login');
    expect(downloadFailure(http(403, 'LEVEL_TOO_LOW'))).toBe('level');
    expect(downloadFailure(http(409, 'NO_FILE'))).toBe('noFile');
    expect(downloadFailure(http(500, 'INTERNAL'))).toBe('failed');
    expect(downloadFailure(http(404, 'TRACK_NOT_FOUND'))).toBe('failed');
  });

  it('should call anything that is not an answer an error during download', () => {
    expect(downloadFailure(new ApiError('network', 0, 'offline', 'NETWORK_ERROR', null))).toBe('error');
    expect(downloadFailure(new TypeError('boom'))).toBe('error');
  });
});
