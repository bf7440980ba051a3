// Storage in an S3-compatible bucket (AWS S3, MinIO, R2, ...), chosen when S3_BUCKET is set. Our keys
// become object names under an optional prefix; S3 types stay inside this file.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type Storage } from './port';

export interface S3StorageSettings {
  bucket: string;
  region: string;
  /** For S3-compatible services; path-style addressing is then used (bucket in the path). */
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Folder-like prefix for every object name (e.g. "uploads/"). */
  prefix?: string;
}

/** The client settings of the SDK for our settings (exported for the tests). */
export function s3ClientConfig(settings: S3StorageSettings): S3ClientConfig {
  return {
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible services reject the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  };
}

/** The three commands of the port, mapped from our key to the bucket and object name (exported for the tests). */
export function s3Commands(settings: Pick<S3StorageSettings, 'bucket' | 'prefix'>) {
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${settings.prefix ?? ''}${key}`;
  };
  return {
    put: (key: string, body: Buffer, contentType: string) =>
      new PutObjectCommand({
        Bucket: settings.bucket,
        Key: objectKey(key),
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
        // Keys are unique by construction, so objects never change: let caches keep them.
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    get: (key: string) => new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }),
    delete: (key: string) => new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }),
  };
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404);

export function createS3Storage(
  settings: S3StorageSettings,
  client: S3Client = new S3Client(s3ClientConfig(settings)),
): Storage {
  const commands = s3Commands(settings);
  return {
    async put(key, body, contentType) {
      await client.send(commands.put(key, body, contentType));
    },
    async get(key) {
      try {
        const result = await client.send(commands.get(key));
        if (!result.Body) return null;
        const bytes = await result.Body.transformToByteArray();
        return { body: Buffer.from(bytes), contentType: result.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for a missing object too, so a missing file is not an error (the port's rule).
      await client.send(commands.delete(key));
    },
  };
}
