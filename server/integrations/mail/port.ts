// Outgoing e-mail, in our words.
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
