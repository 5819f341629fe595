import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import {
  assertValidKey,
  contentTypeForKey,
  StorageConflictError,
  type Storage,
} from "./storage.ts";
import type { Clock } from "./url-signer.ts";

type Options = {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Unset for AWS itself; MinIO, R2 and friends need it (and path-style addressing). */
  endpoint?: string;
  now?: Clock;
};

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/** Any S3-compatible store; reads go straight from the browser to the store through presigned GETs. */
export function createS3Storage({ bucket, now = Date.now, ...options }: Options): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: Boolean(options.endpoint),
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Many S3-compatible stores reject the SDK's newer default checksum headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

  async function exists(key: string) {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
  }

  return {
    driver: "s3",

    async put(key, body, { contentType, cacheControlSeconds }) {
      assertValidKey(key);
      // IfNoneMatch makes S3 itself refuse an overwrite; the HEAD covers stores that ignore it.
      if (await exists(key)) throw new StorageConflictError(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            CacheControl: `private, max-age=${cacheControlSeconds}`,
            ContentDisposition: "inline",
            IfNoneMatch: "*",
          }),
        );
      } catch (error) {
        if (statusOf(error) === 412) throw new StorageConflictError(key);
        throw error;
      }
    },

    async delete(keys) {
      if (keys.length === 0) return;
      keys.forEach(assertValidKey);
      // DeleteObjects takes at most 1000 keys per call.
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        const result = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = (result.Errors ?? []).filter((e) => e.Code !== "NoSuchKey");
        if (failed.length > 0) {
          throw new Error(`Could not delete ${failed.length} object(s): ${failed[0]?.Code ?? ""}`);
        }
      }
    },

    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },

    signedUrl(key, ttlSeconds) {
      assertValidKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), {
        expiresIn: ttlSeconds,
        signingDate: new Date(now()),
      });
    },

    async read(key) {
      assertValidKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!result.Body) return null;
        return {
          body: new Uint8Array(await result.Body.transformToByteArray()),
          contentType: result.ContentType ?? contentTypeForKey(key),
        };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },

    // S3 checks its own presigned links; nothing of ours is ever served for it.
    verifySignedUrl: () => false,
  };
}
