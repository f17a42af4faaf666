import type { IncomingMessage } from 'node:http';
import { AppError } from './app-error';

/**
 * Yields the parts of a multipart request like `request.parts()`, but answers instead of waiting forever
 * when the parser stops reading.
 *
 * The multipart parser (busboy) drops a part it will not hand over — one whose disposition is not
 * `form-data` (`attachment`), or whose name carries a bare CR/LF (`filename*=UTF-8''a%0Ab.mp3`) — and with
 * a body larger than a few stream buffers it then stops reading the request altogether: no next part, no
 * end, no error, and the upload hung until the client gave up. The request is piped into the parser, so
 * when the parser will take no more the pipe pauses the request; a client that is merely slow leaves it
 * flowing (the parser waits for bytes). So while the caller waits for the next part — when nothing of
 * ours holds the parser back — a request paused for `stallMs` means the parser is stuck: it is answered
 * 400 `UPLOAD_UNREADABLE`, and the connection is closed after the answer, since the rest of the body will
 * never be read.
 */
export async function* guardedParts<T>(parts: AsyncIterable<T>, raw: IncomingMessage, stallMs = 1000, pollMs = 100): AsyncGenerator<T> {
  const iterator = parts[Symbol.asyncIterator]();
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<never>((_, reject) => {
      let since: number | null = null;
      timer = setInterval(() => {
        if (raw.readableEnded || raw.readableFlowing !== false) {
          since = null;
          return;
        }
        since ??= Date.now();
        if (Date.now() - since >= stallMs) reject(new AppError(400, 'UPLOAD_UNREADABLE', undefined, { connection: 'close' }));
      }, pollMs);
    });
    try {
      const next = await Promise.race([iterator.next(), stalled]);
      if (next.done) return;
      yield next.value;
    } finally {
      clearInterval(timer);
    }
  }
}
