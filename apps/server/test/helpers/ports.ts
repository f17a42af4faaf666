import { createServer, type AddressInfo } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on now (a server the test starts there, or a closed port). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
