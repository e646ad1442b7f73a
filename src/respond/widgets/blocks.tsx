// Layout blocks (15, 30, 31, 32, 35, 36): content only, no answer, no number.
import type { TSubjectOf } from '../../../schemas/subjects/registry';
import { isSafeUrl } from '../../../schemas/rich-text/allow-list';
import { RichText } from '../rich-text';

export function Paragraph({ subject, title, description }: { subject: TSubjectOf<15>; title: string; description: string }) {
  return (
    <div className="r-block r-paragraph" data-uuid={subject.uuid}>
      <RichText html={title} className="r-para-title" />
      <RichText html={description} className="r-rich" />
    </div>
  );
}

export function Divider({ subject }: { subject: TSubjectOf<30> }) {
  return <hr className={`r-divider is-${subject.lineStyle}`} />;
}

export function ImageBlock({ subject: s }: { subject: TSubjectOf<31> }) {
  if (!s.url || !isSafeUrl(s.url)) return null;
  const img = <img src={s.url} alt={s.alt} loading="lazy" />;
  return (
    <figure className="r-block r-media">
      {s.link && isSafeUrl(s.link) ? (
        <a href={s.link} target="_blank" rel="noopener noreferrer">
          {img}
        </a>
      ) : (
        img
      )}
      {s.title ? <RichText html={s.title} className="r-caption" /> : null}
    </figure>
  );
}

export function VideoBlock({ subject: s }: { subject: TSubjectOf<32> }) {
  if (!s.url || !isSafeUrl(s.url)) return null;
  return (
    <figure className="r-block r-media">
      <video src={s.url} poster={s.poster && isSafeUrl(s.poster) ? s.poster : undefined} controls playsInline preload="metadata" />
      {s.title ? <RichText html={s.title} className="r-caption" /> : null}
    </figure>
  );
}

export function AudioBlock({ subject: s }: { subject: TSubjectOf<35> }) {
  if (!s.url || !isSafeUrl(s.url)) return null;
  return (
    <figure className="r-block r-media">
      {s.title ? <RichText html={s.title} className="r-caption" /> : null}
      <audio src={s.url} controls preload="metadata" />
    </figure>
  );
}

export function ContactUs({ subject: s }: { subject: TSubjectOf<36> }) {
  const rows: Array<[string, React.ReactNode]> = [];
  if (s.phone) rows.push(['电话', <a href={`tel:${s.phone.replace(/[^\d+-]/g, '')}`}>{s.phone}</a>]);
  if (s.wechat) rows.push(['微信', s.wechat]);
  if (s.email) rows.push(['邮箱', <a href={`mailto:${s.email}`}>{s.email}</a>]);
  if (s.address) rows.push(['地址', s.address]);
  return (
    <section className="r-block r-contact" aria-label={s.title ? undefined : '联系我们'}>
      <RichText html={s.title || '联系我们'} className="r-contact-title" />
      <div className="r-contact-body">
        <dl>
          <div>
            <dt>联系人</dt>
            <dd>{s.name}</dd>
          </div>
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
        {s.qrCode && isSafeUrl(s.qrCode) ? <img className="r-contact-qr" src={s.qrCode} alt="联系二维码" /> : null}
      </div>
    </section>
  );
}
