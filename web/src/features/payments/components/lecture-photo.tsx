import defaultImage from '@/assets/course-default.svg';
import { apiUrl } from '@/lib/api-client';

/** A lecture's picture (a site path under /media/images, served where the API is), else the default one. */
export function LecturePhoto({ photoUrl, className = 'pay-photo' }: { photoUrl: string | null | undefined; className?: string }) {
  const src = photoUrl ? (photoUrl.startsWith('/') ? apiUrl(photoUrl) : photoUrl) : defaultImage;
  return <img className={className} src={src} alt="" width={320} height={180} />;
}
