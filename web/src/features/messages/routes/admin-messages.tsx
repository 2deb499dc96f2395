import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the messages issue builds this screen (spec 2: /dashboard/messages). */
export default function AdminMessagesRoute() {
  return <ComingSoon titleKey="soon.messages" />;
}
