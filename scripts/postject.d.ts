/** The part of postject's API (npm `postject`, which ships no types) that scripts/build-binary.ts uses. */
declare module "postject" {
  export function inject(
    filename: string,
    resourceName: string,
    resourceData: Buffer,
    options?: { machoSegmentName?: string; overwrite?: boolean; sentinelFuse?: string },
  ): Promise<void>;
}
