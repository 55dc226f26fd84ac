// Staff invitations: an admin invites an address with a role; the person chooses their own password.
export { createStaffInvitationService, type StaffInvitationService } from './service.js';
