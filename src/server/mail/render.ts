/** A mail component made into the message's two parts: HTML, and plain text from it. */
import { render } from '@react-email/components';
import type { ReactElement } from 'react';

export interface MailBody {
  html: string;
  text: string;
}

/** What a template gives the mailer: everything but the address (and unsubscribe link). */
export interface RenderedMail extends MailBody {
  subject: string;
}

export async function renderMail(element: ReactElement): Promise<MailBody> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
