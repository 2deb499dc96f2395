import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the messages issue builds this screen (spec 2: /contact). */
export default function ContactRoute() {
  return <ComingSoon titleKey="soon.contact" />;
}
