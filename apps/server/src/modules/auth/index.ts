/* What other modules may use of sign-in and sessions. */
export type { CaptchaService } from './captcha.service.js';
export type { SessionsService } from './sessions.service.js';
export type { ThrottleService } from './throttle.service.js';
export type { RateLimiter } from './rate-limit.service.js';
