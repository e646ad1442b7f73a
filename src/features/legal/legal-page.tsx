import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { operatorQuery } from '../../api/site';
import { useBrand } from '../../app/use-route-entry';
import { LEGAL_UPDATED, privacySections, termsSections, type TLegalSection, type TLegalWords } from './legal-texts';
import styles from './legal.module.css';

/** Said where the operator has not set OPERATOR_NAME: true, and tells the operator what to set. */
const UNNAMED_OPERATOR = '本网站的运营者';

function useLegalWords(): { words: TLegalWords; contact: string | null; named: boolean } {
  const brand = useBrand();
  const operator = useQuery(operatorQuery());
  const name = operator.data?.name ?? null;
  return { words: { brand: brand.name, operator: name ?? UNNAMED_OPERATOR }, contact: operator.data?.contact ?? null, named: name !== null };
}

/** The 联系我们 section both pages end with (the footer's 联系我们 opens it). */
function ContactSection({ contact, operator }: { contact: string | null; operator: string }) {
  return (
    <section id="contact" className={styles.section} aria-labelledby="legal-contact">
      <h2 id="legal-contact">联系我们</h2>
      {contact ? (
        <p>
          对本网站、本协议或你的个人信息有任何问题，请联系{operator}：<strong data-testid="operator-contact">{contact}</strong>
        </p>
      ) : (
        <p>
          {operator}尚未在本网站公布联系方式。对项目内容有疑问时，请先联系发布该项目的一方；使用中遇到问题，可以查看
          <Link to="/help.html">帮助中心</Link>。
        </p>
      )}
    </section>
  );
}

function LegalDocument({ title, sections, other }: { title: string; sections: (words: TLegalWords) => TLegalSection[]; other: 'terms' | 'privacy' }) {
  const { words, contact, named } = useLegalWords();
  // Opened at #contact (the footer's 联系我们): scroll there once the page has drawn.
  useEffect(() => {
    if (window.location.hash === '#contact') document.getElementById('contact')?.scrollIntoView();
  }, []);
  return (
    <article className={styles.page}>
      <header className={styles.head}>
        <h1>
          {words.brand}
          {title}
        </h1>
        <p className={styles.meta}>
          <span data-testid="operator-name">运营者：{words.operator}</span>
          <span>更新日期：{LEGAL_UPDATED}</span>
        </p>
        {named ? null : <p className={styles.note}>网站管理员可在服务器设置 OPERATOR_NAME 和 OPERATOR_CONTACT，让本页写明运营者的名称和联系方式。</p>}
      </header>
      {sections(words).map((section) => (
        <section key={section.id} id={section.id} className={styles.section} aria-labelledby={`legal-${section.id}`}>
          <h2 id={`legal-${section.id}`}>{section.heading}</h2>
          {section.paragraphs.map((text) => (
            <p key={text.slice(0, 24)}>{text}</p>
          ))}
        </section>
      ))}
      <ContactSection contact={contact} operator={words.operator} />
      <p className={styles.other}>
        {other === 'privacy' ? <Link to="/privacy.html">阅读《隐私政策》</Link> : <Link to="/agreement.html">阅读《用户服务协议》</Link>}
      </p>
    </article>
  );
}

/** /agreement.html: 用户服务协议, public (the login page's 《用户服务协议》 and the footer's 服务条款 open it). */
export function TermsPage() {
  return <LegalDocument title="用户服务协议" sections={termsSections} other="privacy" />;
}

/** /privacy.html: 隐私政策, public (the login page's 《隐私政策》 and the footer's 隐私政策 open it). */
export function PrivacyPage() {
  return <LegalDocument title="隐私政策" sections={privacySections} other="terms" />;
}
