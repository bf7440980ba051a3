// Outgoing text messages (two-factor codes), in our words.
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}
