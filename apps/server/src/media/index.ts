/** The media library's public surface: what routes, the ingest command and the demo seeding use. */
export { ingest, ingestBatch, downloadFileName, INGEST_STAGES, titleFromFileName } from './pipeline';
export type {
  BatchItem,
  BatchOptions,
  BatchOutcome,
  BatchProgress,
  IngestInput,
  IngestOptions,
  IngestOverrides,
  IngestProgress,
  IngestResult,
  IngestStage,
  StoredFile,
} from './pipeline';
export { LocalDiskStorage, StorageKeyError, StorageNotFoundError, assertValidKey, trackKeys } from './storage';
export { S3Storage, parseStorageUrl } from './s3-storage';
export { describeStorage, openStorage } from './open-storage';
export type { ByteRange, MediaStorage, StoredObjectInfo } from './storage';
export { MEDIA_ERROR_MESSAGES, MEDIA_ERROR_STATUS, MediaError, isMediaError, isRejection } from './media-errors';
export type { MediaErrorCode } from './media-errors';
export { AUDIO_FORMATS, DEFAULT_MEDIA_LIMITS, probeFile } from './probe';
export type { AudioFormat, MediaLimits, ProbeResult } from './probe';
export { getMediaTools, resolveMediaTools } from './ffmpeg';
export type { MediaTools } from './ffmpeg';
export { PEAKS_LENGTH, WAVE_PNG_STYLE } from './waveform';
export type { PeaksJson } from './waveform';
export { checkCoverImage, COVER_SIZES, PREVIEW } from './encode';
export { cleanText } from './tags';
