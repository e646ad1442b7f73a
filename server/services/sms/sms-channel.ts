import { SmsProviderError, type SmsProvider } from '../../providers/sms';
import { ChannelSendError, type ChannelSender } from '../invitations/channel';

/** The 【签名】 that begins a stored SMS text, and the text after it. */
export function splitSign(text: string): { signName: string; body: string } {
  const m = /^【([^】]*)】/.exec(text);
  return m ? { signName: m[1]!, body: text.slice(m[0].length) } : { signName: '', body: text };
}

/**
 * Invitations by SMS (issue 50 item 3): the message's stored text (signed, ending with 回T退订) goes through the SMS
 * provider's notification send. The provider's flow control and faults are tried again later; a refusal is final.
 */
export function smsChannelSender(provider: SmsProvider): ChannelSender {
  return {
    async send(message, context) {
      if (!provider.sendText) throw new ChannelSendError('refused', `短信服务（${provider.name}）不支持发送通知短信`);
      try {
        return await provider.sendText({ phone: message.address, brand: context.brand, text: message.content, ...splitSign(message.content) });
      } catch (error) {
        if (!(error instanceof SmsProviderError)) throw new ChannelSendError('unavailable', (error as Error).message);
        throw new ChannelSendError(error.kind === 'refused' ? 'refused' : 'unavailable', error.message);
      }
    },
  };
}
