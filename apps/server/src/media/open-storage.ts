import { S3Storage, parseStorageUrl } from './s3-storage';
import { LocalDiskStorage, type MediaStorage } from './storage';

export interface StorageChoice {
  /** STORAGE_URL (s3://…); local disk under localRoot when null. */
  url: string | null;
  localRoot: string;
  /** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY when set; otherwise the SDK's own chain (instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | null;
}

/** The media storage the configuration names: the only place that knows which backends exist. */
export async function openStorage(choice: StorageChoice): Promise<MediaStorage> {
  if (!choice.url) return LocalDiskStorage.open(choice.localRoot);
  return new S3Storage(parseStorageUrl(choice.url), choice.credentials ?? undefined);
}

/** Says where media is, for logs: never a credential. */
export function describeStorage(storage: MediaStorage): string {
  if (storage instanceof S3Storage) {
    const l = storage.location;
    return `s3://${l.bucket}/${l.prefix}${l.endpoint ? ` at ${l.endpoint}` : ''}`;
  }
  if (storage instanceof LocalDiskStorage) return storage.root;
  return 'storage';
}
