/**
 * The media bucket's layout, read by the Lambdas (upload keys) and by infra (CloudFront's public
 * /media/images/* behaviour, the image-only write grant, the local demo). Nothing else here, so
 * infra can import it without loading the Lambdas' env or SDK clients.
 *
 * Images are public through /media/images/*; videos need a signed URL.
 */
export const MEDIA_PREFIXES = { images: 'images/', videos: 'videos/' } as const;
