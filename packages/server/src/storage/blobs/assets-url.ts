import path from 'node:path';

/** Where the blob store is, as ASSETS_URL names it. */
export type AssetsLocation =
  | { readonly kind: 'directory'; readonly root: string }
  | {
      readonly kind: 's3';
      readonly bucket: string;
      /** Prepended to every key, without a trailing slash ('' for none). */
      readonly prefix: string;
      /** An S3-compatible server (MinIO, Ceph, R2, a test server); empty for AWS itself. */
      readonly endpoint: string;
      /** Empty: what the AWS SDK finds (AWS_REGION), or us-east-1 with an endpoint. */
      readonly region: string;
      /** Bucket in the path rather than the host name: the default with an endpoint. */
      readonly forcePathStyle: boolean;
    };

export class AssetsUrlError extends Error {}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * ASSETS_URL: empty for `<DATA_DIR>/assets`; `file:/absolute/folder` for another folder;
 * `s3://bucket/prefix?endpoint=http://127.0.0.1:9000&region=eu-west-1&forcePathStyle=true` for
 * S3-compatible object storage (credentials come from the standard AWS variables and files).
 */
export function parseAssetsUrl(raw: string, dataDir: string): AssetsLocation {
  const value = raw.trim();
  if (value === '') return { kind: 'directory', root: path.join(dataDir, 'assets') };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AssetsUrlError(`ASSETS_URL must be s3://bucket/prefix or file:/folder (got "${value}")`);
  }
  if (url.protocol === 'file:') return { kind: 'directory', root: path.resolve(decodeURIComponent(url.pathname)) };
  if (url.protocol !== 's3:') throw new AssetsUrlError(`ASSETS_URL must be s3://bucket/prefix or file:/folder (got "${value}")`);
  if (url.username || url.password) {
    throw new AssetsUrlError('ASSETS_URL carries no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  }
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) throw new AssetsUrlError(`ASSETS_URL names no valid bucket (got "${bucket}")`);
  const endpoint = url.searchParams.get('endpoint') ?? '';
  if (endpoint !== '' && !/^https?:\/\/[^/\s]+/i.test(endpoint)) {
    throw new AssetsUrlError(`ASSETS_URL's endpoint must be an http(s) address (got "${endpoint}")`);
  }
  const style = url.searchParams.get('forcePathStyle');
  if (style !== null && style !== 'true' && style !== 'false') throw new AssetsUrlError('ASSETS_URL forcePathStyle is true or false');
  const prefix = decodeURIComponent(url.pathname)
    .split('/')
    .filter((s) => s !== '')
    .join('/');
  if (prefix.split('/').some((s) => s === '.' || s === '..')) throw new AssetsUrlError('ASSETS_URL prefix may not hold . or .. segments');
  return {
    kind: 's3',
    bucket,
    prefix,
    endpoint: endpoint.replace(/\/+$/, ''),
    region: url.searchParams.get('region') ?? '',
    forcePathStyle: style === null ? endpoint !== '' : style === 'true',
  };
}

/** The location without credentials or query, for logs. */
export function describeAssetsLocation(location: AssetsLocation): string {
  if (location.kind === 'directory') return `directory ${location.root}`;
  return `s3://${location.bucket}/${location.prefix}${location.endpoint ? ` at ${location.endpoint}` : ''}`;
}
