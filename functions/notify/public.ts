/** What other domains may use of notify: the WhatsApp port (functions/notify/whatsapp.ts). */
export { NOT_CONFIGURED, NO_ANSWER, sendWhatsAppTemplate, type SendResult, TEMPLATES, type TemplateMessage } from './whatsapp';
