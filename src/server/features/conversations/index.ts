// Conversations beside each order, the files sent in them and the documents staff attach to units.
export { unitDocumentsOf } from './documents.js';
export { type SeededMessage, seedConversations } from './seed.js';
export { type ConversationServices, createConversationServices } from './service.js';
export { bindToOrder } from './uploads.js';
