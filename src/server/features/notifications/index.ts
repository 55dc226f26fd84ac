// Notification e-mail: queued in the caller's transaction, sent after commit by the mail worker.
export { enqueueAdminNotice } from './admin-notices.js';
export { enqueueDeliveryBookingMail } from './delivery-booking.js';
export { enqueueFinancingMail, type FinancingNotice } from './financing.js';
export { enqueueReplyMail, enqueueWaitingMail, type MessageMail, withdrawMessageMail } from './messages.js';
export { enqueueNewOrderAlert } from './new-order.js';
export { confirmNewOrder, enqueueOrderConfirmation } from './order-confirmation.js';
export { createMailSender } from './outbox.js';
export { enqueueStageChangeMail, enqueueStageChangeMails } from './status-change.js';
