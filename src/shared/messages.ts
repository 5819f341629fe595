/** The specification's user-facing messages, word for word (SPEC.md section 8 and section 9). */
export const MESSAGES = {
  noUserSession: "No user session found",
  noEmailInSession: "No email found in user session",
  avatarTooLarge: "File size must be less than 2MB",
  avatarNotImage: "File must be an image",
  signedUrlFailed: "Failed to create signed URL",
  noContentInResponse: "No content in response",
  tripNotFound: "Trip not found",
  loadTripFailed: "Failed to load trip",
  generateTripFailed: "Failed to generate trip plan",
  readPlanRequestFailed: "That description could not be read. Please try again.",
  loadTripsFailed: "Failed to load trips",
  deleteTripFailed: "Failed to delete trip",
  shareTripFailed: "Failed to share trip",
  loadPreferencesFailed: "Failed to load preferences",
  loginFailed: "Login failed",
  signupFailed: "Signup failed",
  sendVerificationFailed: "Failed to send verification email",
  sendResetFailed: "Failed to send reset email",
  updatePasswordFailed: "Failed to update password",
  loadProfileFailed: "Failed to load profile",
  uploadAvatarFailed: "Failed to upload avatar",
  deleteAvatarFailed: "Failed to delete avatar",
  updateProfileFailed: "Failed to update profile",
  weatherFailed: "Failed to fetch weather data",
  locationNotFound: "Location not found",
  weatherApology: "I apologize, but I was unable to fetch the weather forecast at the moment.",
  chatApology: "I apologize, but I was unable to process your request at the moment.",
  widgetSendFailed: "Sorry, I encountered an error. Please try again.",
  useAuthOutsideProvider: "useAuth must be used within an AuthProvider",
  shareCopied: "Shareable link copied to clipboard!",
  deleteConfirm: "Are you sure you want to delete this trip?",
  noTripsMatch: "No trips match your filters.",
  chatGreeting:
    "Hi! I'm Boundless, your personal travel assistant. I can help you plan trips, suggest destinations, and share travel tips. What kind of adventure are you looking for?",
  // Ours, not the spec's: the spec shows none for these cases.
  notFound: "Not found",
  internalError: "Something went wrong on our side. Please try again.",
  invalidInput: "Some of the values you sent are not valid.",
  rateLimited: "Too many requests. Please wait a moment and try again.",
  databaseUnavailable: "The service is temporarily unavailable. Please try again shortly.",
} as const;

/** Every import route (bookings, saved places): who may import, and how often. */
export const IMPORT_MESSAGES = {
  emailNotVerified: "Verify your e-mail address before importing: open the link we sent you.",
  rateLimited: "You have imported many files this hour. Please wait a while and try again.",
} as const;
