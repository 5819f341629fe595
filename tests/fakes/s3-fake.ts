import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's fixed credentials: it checks signatures made with them. */
export const S3_FAKE_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

/** A loopback S3-compatible server (s3rver) with one bucket, on 127.0.0.1 and an ephemeral port. */
export async function startS3Fake(options: { bucket?: string; port?: number } = {}) {
  const bucket = options.bucket ?? "avatars";
  const directory = mkdtempSync(path.join(tmpdir(), "boundless-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    ...S3_FAKE_CREDENTIALS,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3Fake = Awaited<ReturnType<typeof startS3Fake>>;
