export { createOnboardingService, type OnboardingService } from './service.js';
