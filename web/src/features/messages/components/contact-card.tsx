import { useT } from '@/i18n/use-t';
import { useGetContactInfoQuery } from '@/lib/endpoints/get-contact-info';

/** The teacher's contact details (GET /api/contact-info, set once in the platform's settings) and the chat link. */
export function ContactCard() {
  const t = useT();
  const info = useGetContactInfoQuery();
  if (info.isLoading) return <aside className="contact-card msg-card" aria-busy="true" />;
  if (!info.data) {
    return (
      <aside className="contact-card msg-card">
        <p className="muted">{t('contact.infoUnavailable')}</p>
      </aside>
    );
  }
  const { location, phone, email, chatUrl, social } = info.data;
  return (
    <aside className="contact-card msg-card" aria-labelledby="contact-info-title">
      {chatUrl ? (
        <div className="contact-chat">
          <p>{t('contact.chatHint')}</p>
          <a className="button button-primary" href={chatUrl} target="_blank" rel="noopener noreferrer">
            {t('contact.chat')}
          </a>
        </div>
      ) : null}
      <h2 id="contact-info-title">{t('contact.infoTitle')}</h2>
      <dl className="contact-details">
        {location ? (
          <div>
            <dt>{t('contact.location')}</dt>
            <dd>
              <bdi>{location}</bdi>
            </dd>
          </div>
        ) : null}
        {phone ? (
          <div>
            <dt>{t('contact.phone')}</dt>
            <dd>
              <a href={`tel:${phone.replace(/\s+/g, '')}`} dir="ltr">
                {phone}
              </a>
            </dd>
          </div>
        ) : null}
        {email ? (
          <div>
            <dt>{t('contact.email')}</dt>
            <dd>
              <a href={`mailto:${email}`} dir="ltr">
                {email}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      {social.length ? (
        <>
          <h3>{t('contact.social')}</h3>
          <ul className="contact-social">
            {social.map((s) => (
              <li key={s.url}>
                <a href={s.url} target="_blank" rel="noopener noreferrer" dir="auto">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </aside>
  );
}
