/**
 * The customer e-mails' texts in English: ICU MessageFormat, formatted by src/server/mail/i18n.ts.
 * Every other language has exactly these keys (the type says so) with the same arguments (the test says so).
 */
export const en = {
  'code.signIn.title': 'Your verification code',
  'code.signIn.intro': 'Use this code to finish signing in:',
  'code.reset.title': 'Reset your password',
  'code.reset.intro': 'Use this code to reset your password:',
  'code.expiry':
    'It expires in {minutes, plural, one {# minute} other {# minutes}} and can be used once. If you did not ask for it, ignore this e-mail.',
  'paused.title': 'Sign-in codes paused for your account',
  'paused.what':
    'Several wrong verification codes were entered for your {product} account, so its codes stop working until {time} UTC ({date}).',
  'paused.you': 'If this was you, wait until then and ask for a new code.',
  'paused.notYou':
    'If it was not, someone may be trying to get into your account: once the pause ends, sign in and change your password. Nobody can sign in with a code while it lasts.',
  'factorAdded.title': 'A new sign-in factor was added to your account',
  'factorAdded.what':
    '{factor, select, totp {An authenticator app} other {A passkey ({name})}} was added to your {product} account at {time} UTC ({date}). From now on it can be used to sign in.',
  'factorAdded.notYou':
    'If this was not you, sign in, remove it under Account → Security, change your password and end your other sessions.',
  'adminReset.title': 'Reset your password',
  'adminReset.intro': 'An administrator of {product} started a password reset for your account. Your code:',
  'adminReset.open': 'Open this link, enter the code and choose a new password:',
  'adminReset.expiry':
    'The code expires in {minutes, plural, one {# minute} other {# minutes}} and can be used once. Until you choose a new password, your current one keeps working.',
  'invitation.title': 'You are invited to the {product} back office',
  'invitation.intro': '{inviter} invited you to join the {product} back office as {role}.',
  'invitation.open': 'Open this link to choose your password:',
  'invitation.expiry':
    'The link works once, for {days, plural, one {# day} other {# days}}. If you did not expect this invitation, ignore this e-mail.',
  'role.ADMIN': 'Admin',
  'role.OPERATIONS': 'Operations',
  'role.SUPPORT': 'Support',
  'role.VIEWER': 'Viewer',
  'roleLine.ADMIN':
    'An admin can do everything, including settings, staff accounts, API keys and the audit log.',
  'roleLine.OPERATIONS':
    'Operations runs the orders (stages, bulk changes, notes, messages, imports, exports, delivery days) and reads customers and the webhook log.',
  'roleLine.SUPPORT':
    'Support reads orders and customers, writes notes and messages, and sends customers password resets.',
  'roleLine.VIEWER': 'A viewer reads the dashboard, orders and customers, and changes nothing.',
  'stageChange.subject': 'Order {orderNumber}: {stage}',
  'stageChange.title': 'Your order {orderNumber} was updated',
  'stageChange.whole': 'Your {product} (order {orderNumber}) is now at the stage {stage}.',
  'stageChange.units':
    '{count, plural, one {{units} of your {product} is now at the stage {stage}.} other {{units} of your {product} are now at the stage {stage}.}}',
  'message.subject': 'New message about your order {orderNumber}',
  'message.wrote': '{name} wrote:',
  'message.filesOnly': '(files attached)',
  'checkout.deposit': 'Deposit for {product} ({unit})',
  'message.reply': 'Read and reply',
  'order.view': 'View your order',
  'confirmation.createdTitle': 'Your order {orderNumber} is confirmed',
  'confirmation.updatedTitle': 'Your order {orderNumber} was updated',
  'confirmation.what': '{quantity, plural, one {{product}} other {# × {product}}}',
  'confirmation.created': 'We have your order {orderNumber} for {what}.',
  'confirmation.updated': 'Your order {orderNumber} for {what} was updated.',
  'confirmation.stage': 'Its current stage: {stage}.',
  'confirmation.private':
    'Follow its progress on your tracking page; anyone with that link can see it, so keep it to yourself.',
  'confirmation.track': 'Track your order',
  'confirmation.signIn': 'Or sign in to view your order',
  'confirmation.setPassword':
    'You have no password yet: open the sign-in page, enter {email} and choose one. We will mail you a code to confirm it is you, and then you will see all your orders.',
  'confirmation.createPassword': 'Create your password',
  'booking.bookedTitle': 'Your delivery day is booked',
  'booking.movedTitle': 'Your delivery day was changed',
  'booking.subject': '{summary}: {day}',
  'booking.booked': '{summary} is booked for {day}.',
  'booking.change':
    'You can change the day on your order page until {deadline}. The attached invitation adds it to your calendar.',
  'booking.deadline': '{time} UTC on {day}',
  'booking.summary': 'Delivery of {product} ({unit})',
  'booking.event': '{unit}.',
  'financing.subject':
    '{unit}: financing {state, select, submitted {application received} approved {approved} other {not approved}}',
  'financing.submitted':
    'We sent your financing application for {product} ({unit}) to {provider}. You will hear from us as soon as they decide.',
  'financing.approved':
    '{provider} approved the financing of {product} ({unit}). Your deposit is settled and your order moves on.',
  'financing.declined':
    '{provider} did not approve the financing of {product} ({unit}). You can pay the deposit or apply again from your order page.',
  'unit.word': 'Unit',
  'stage.ORDER_PLACED': 'Order Placed',
  'stage.LOCATION_ENABLED': 'Location Enabled',
  'stage.DOCUMENTS_PENDING': 'Document Signing',
  'stage.DOCUMENTS_SIGNING': 'Document Signing',
  'stage.FINANCING_PAYMENT': 'Payment',
  'stage.SITE_PREP': 'Site Preparation',
  'stage.PRODUCTION': 'Production',
  'stage.DELIVERY_DATE_CONFIRMED': 'Delivery Scheduled',
  'stage.FINAL_DOCUMENTS': 'Final Documentation',
  'stage.DELIVERED': 'Delivered',
} as const;

export type MailMessages = Record<keyof typeof en, string>;
