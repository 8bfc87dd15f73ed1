/**
 * Every message the product shows or returns, by stable code, in English and Arabic.
 * The English texts of spec §5 and §8 are kept to the letter. `{{name}}` marks a parameter.
 */
export const MESSAGES = {
  // spec §5: login and forgot password
  FILL_ALL_FIELDS: { en: 'Please fill out all fields.', ar: 'يرجى تعبئة جميع الحقول.' },
  ENTER_EMAIL: { en: 'Please enter your email', ar: 'يرجى إدخال بريدك الإلكتروني' },
  EMAIL_NOT_FOUND: { en: 'Email does not exist', ar: 'البريد الإلكتروني غير موجود' },
  EMAIL_NOT_REGISTERED: { en: 'Email Not Registered', ar: 'البريد الإلكتروني غير مسجل' },
  // spec §5: new password in the reset flow
  ENTER_NEW_PASSWORD: { en: 'Please enter a new password', ar: 'يرجى إدخال كلمة مرور جديدة' },
  PASSWORD_MIN_8: {
    en: 'Password must be at least 8 characters.',
    ar: 'يجب أن تتكون كلمة المرور من 8 أحرف على الأقل.',
  },
  PASSWORD_UPPERCASE: {
    en: 'Password must contain an uppercase letter.',
    ar: 'يجب أن تحتوي كلمة المرور على حرف كبير.',
  },
  PASSWORD_LOWERCASE: {
    en: 'Password must contain a lowercase letter.',
    ar: 'يجب أن تحتوي كلمة المرور على حرف صغير.',
  },
  PASSWORD_NUMBER: { en: 'Password must contain a number.', ar: 'يجب أن تحتوي كلمة المرور على رقم.' },
  PASSWORD_SPECIAL: {
    en: 'Password must contain a special character.',
    ar: 'يجب أن تحتوي كلمة المرور على رمز خاص.',
  },
  PASSWORDS_DO_NOT_MATCH: { en: 'Passwords do not match', ar: 'كلمتا المرور غير متطابقتين' },
  // spec §5: change password (and the corporate first-login change)
  NEW_PASSWORDS_DO_NOT_MATCH: {
    en: 'New passwords do not match!',
    ar: 'كلمتا المرور الجديدتان غير متطابقتين!',
  },
  NEW_PASSWORD_SAME_AS_OLD: {
    en: 'New password cannot be the same as the old password!',
    ar: 'لا يمكن أن تكون كلمة المرور الجديدة مطابقة لكلمة المرور القديمة!',
  },
  PASSWORD_MORE_THAN_8: {
    en: 'Password must be more than 8 characters long.',
    ar: 'يجب أن يكون طول كلمة المرور أكثر من 8 أحرف.',
  },
  PASSWORD_ONE_LOWERCASE: {
    en: 'Password must contain at least one lowercase letter.',
    ar: 'يجب أن تحتوي كلمة المرور على حرف صغير واحد على الأقل.',
  },
  PASSWORD_ONE_NUMBER: {
    en: 'Password must contain at least one number.',
    ar: 'يجب أن تحتوي كلمة المرور على رقم واحد على الأقل.',
  },
  // spec §8: errors
  INVALID_CREDENTIALS: { en: 'Invalid email or password', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' },
  PASSWORD_INCORRECT: { en: 'Password is incorrect', ar: 'كلمة المرور غير صحيحة' },
  PLEASE_TRY_AGAIN: { en: 'Please try again', ar: 'يرجى المحاولة مرة أخرى' },
  ERROR_CHANGING_PASSWORD: {
    en: 'Error changing password. Please try again.',
    ar: 'حدث خطأ أثناء تغيير كلمة المرور. يرجى المحاولة مرة أخرى.',
  },
  ERROR_UPDATING_PASSWORD: {
    en: 'Error updating password. Please try again.',
    ar: 'حدث خطأ أثناء تحديث كلمة المرور. يرجى المحاولة مرة أخرى.',
  },
  USER_INFO_MISSING: {
    en: 'User information missing. Please try again.',
    ar: 'معلومات المستخدم غير مكتملة. يرجى المحاولة مرة أخرى.',
  },
  OTP_INVALID: { en: 'OTP is not valid', ar: 'رمز التحقق غير صالح' },
  SOMETHING_WENT_WRONG: { en: 'Something went wrong', ar: 'حدث خطأ ما' },
  SOMETHING_WENT_WRONG_TRY_AGAIN: {
    en: 'Something went wrong please try again',
    ar: 'حدث خطأ ما، يرجى المحاولة مرة أخرى',
  },
  NAME_EXISTS: { en: 'Name already exists', ar: 'الاسم موجود مسبقاً' },
  RECORDS_ALREADY_REGISTERED: {
    en: 'Records already registered with this information.',
    ar: 'توجد سجلات مسجلة مسبقاً بهذه المعلومات.',
  },
  REQUEST_FAILED: { en: 'Request failed', ar: 'فشل الطلب' },
  ERROR_FETCHING_DATA: { en: 'Error fetching data', ar: 'حدث خطأ أثناء جلب البيانات' },
  // spec §8: successes
  PASSWORD_CHANGED: { en: 'Password changed successfully!', ar: 'تم تغيير كلمة المرور بنجاح!' },
  PASSWORD_UPDATED: { en: 'Password updated successfully!', ar: 'تم تحديث كلمة المرور بنجاح!' },
  OTP_VERIFIED: {
    en: 'OTP verified successfully. Please set a new password.',
    ar: 'تم التحقق من الرمز بنجاح. يرجى تعيين كلمة مرور جديدة.',
  },
  OTP_SENT: { en: 'A new OTP has been sent to your phone', ar: 'تم إرسال رمز تحقق جديد إلى هاتفك' },
  VERIFICATION_SUCCESSFUL: { en: 'Verification successful!', ar: 'تم التحقق بنجاح!' },
  RECORDS_SAVED: { en: 'Records have been saved.', ar: 'تم حفظ السجلات.' },
  RECORDS_UPDATED: { en: 'Records have been updated.', ar: 'تم تحديث السجلات.' },
  // ours: what the spec leaves open
  UNAUTHENTICATED: { en: 'Please log in to continue.', ar: 'يرجى تسجيل الدخول للمتابعة.' },
  FORBIDDEN: { en: 'You do not have permission to do this.', ar: 'ليست لديك صلاحية للقيام بذلك.' },
  NOT_FOUND: { en: 'Not found', ar: 'غير موجود' },
  VALIDATION_FAILED: { en: 'Some fields are not valid.', ar: 'بعض الحقول غير صالحة.' },
  REQUIRED: { en: 'This field is required.', ar: 'هذا الحقل مطلوب.' },
  INVALID_VALUE: { en: 'This value is not valid.', ar: 'هذه القيمة غير صالحة.' },
  TOO_LONG: { en: 'This value is too long.', ar: 'هذه القيمة طويلة جداً.' },
  UNKNOWN_FIELD: { en: 'This field is not allowed.', ar: 'هذا الحقل غير مسموح به.' },
  MALFORMED_REQUEST: { en: 'The request could not be read.', ar: 'تعذرت قراءة الطلب.' },
  WRITE_CONFLICT: {
    en: 'Someone changed this at the same moment. Please try again.',
    ar: 'قام شخص آخر بتعديل هذا في اللحظة نفسها. يرجى المحاولة مرة أخرى.',
  },
  IDEMPOTENCY_KEY_INVALID: {
    en: 'The Idempotency-Key header must be 1 to 200 visible characters.',
    ar: 'يجب أن يتكون مفتاح منع التكرار من 1 إلى 200 حرف مرئي.',
  },
  IDEMPOTENCY_KEY_REQUIRED: {
    en: 'This request needs an Idempotency-Key header.',
    ar: 'يتطلب هذا الطلب مفتاح منع التكرار.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    en: 'This Idempotency-Key was already used for a different request.',
    ar: 'استُخدم مفتاح منع التكرار هذا من قبل لطلب مختلف.',
  },
  PAYLOAD_TOO_LARGE: { en: 'The request is too large.', ar: 'حجم الطلب كبير جداً.' },
  TEXT_INVALID_CHARACTERS: {
    en: 'This text contains characters that are not allowed.',
    ar: 'يحتوي هذا النص على رموز غير مسموح بها.',
  },
  EMAIL_INVALID: { en: 'Please enter a valid email address.', ar: 'يرجى إدخال بريد إلكتروني صحيح.' },
  PHONE_INVALID: { en: 'Phone number must be valid', ar: 'يجب أن يكون رقم الهاتف صحيحاً' },
  LOGIN_WAIT: {
    en: 'Too many failed attempts. Please try again in {{seconds}} seconds.',
    ar: 'محاولات فاشلة كثيرة. يرجى المحاولة مرة أخرى بعد {{seconds}} ثانية.',
  },
  CHALLENGE_REQUIRED: {
    en: 'Please complete the verification that you are not a robot, then try again.',
    ar: 'يرجى إكمال التحقق من أنك لست روبوتاً، ثم المحاولة مرة أخرى.',
  },
  PASSWORD_CHANGE_REQUIRED: {
    en: 'Please change your password before you continue.',
    ar: 'يرجى تغيير كلمة المرور قبل المتابعة.',
  },
  PASSWORD_TOO_COMMON: {
    en: 'This password is one of the most commonly used. Please choose another.',
    ar: 'كلمة المرور هذه من أكثر كلمات المرور استخداماً. يرجى اختيار كلمة مرور أخرى.',
  },
  ACCOUNT_INACTIVE: {
    en: 'This account is not active. Please contact the administrator.',
    ar: 'هذا الحساب غير مفعل. يرجى التواصل مع مسؤول النظام.',
  },
  TOO_MANY_REQUESTS: {
    en: 'Too many attempts. Please wait a while and try again.',
    ar: 'محاولات كثيرة. يرجى الانتظار قليلاً ثم المحاولة مرة أخرى.',
  },
  // A lost database connection or a database restarting (issue 24): a 503 with Retry-After.
  DATABASE_UNAVAILABLE: {
    en: 'The service is briefly unavailable. Please try again in a few seconds.',
    ar: 'الخدمة غير متاحة مؤقتاً. يرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
  },
  OTP_RESEND_WAIT: {
    en: 'Please wait {{seconds}} seconds before asking for a new code.',
    ar: 'يرجى الانتظار {{seconds}} ثانية قبل طلب رمز جديد.',
  },
  OTP_DAILY_LIMIT: {
    en: 'Too many wrong codes today. Please try again tomorrow.',
    ar: 'رموز خاطئة كثيرة اليوم. يرجى المحاولة غداً.',
  },
  OTP_HOURLY_LIMIT: {
    en: 'Too many codes have been sent to this number or account in the last hour. Please try again later.',
    ar: 'أُرسلت رموز كثيرة إلى هذا الرقم أو الحساب خلال الساعة الماضية. يرجى المحاولة لاحقاً.',
  },
  RESET_EXPIRED: {
    en: 'Your verification has expired. Please ask for a new code.',
    ar: 'انتهت صلاحية التحقق. يرجى طلب رمز جديد.',
  },
  LOGGED_OUT: { en: 'You have been logged out.', ar: 'تم تسجيل خروجك.' },
  // registration (spec §5 "please select region, gender, city, nationality; please enter name, email, date")
  ENTER_NAME: { en: 'Please enter name', ar: 'يرجى إدخال الاسم' },
  ENTER_NAME_ARABIC: {
    en: 'Please enter the name in Arabic letters',
    ar: 'يرجى إدخال الاسم بالحروف العربية',
  },
  ENTER_NAME_ENGLISH: {
    en: 'Please enter the name in English letters',
    ar: 'يرجى إدخال الاسم بالحروف الإنجليزية',
  },
  TEXT_HAS_DIRECTION_CHARACTERS: {
    en: 'This contains hidden characters that change the direction of text. Please type it again instead of pasting it.',
    ar: 'يحتوي النص على رموز مخفية تغيّر اتجاه الكتابة. يرجى كتابته من جديد بدلاً من لصقه.',
  },
  ENTER_DATE: { en: 'Please enter date', ar: 'يرجى إدخال التاريخ' },
  SELECT_REGION: { en: 'Please select region', ar: 'يرجى اختيار المنطقة' },
  SELECT_CITY: { en: 'Please select city', ar: 'يرجى اختيار المدينة' },
  SELECT_GENDER: { en: 'Please select gender', ar: 'يرجى اختيار الجنس' },
  SELECT_NATIONALITY: { en: 'Please select nationality', ar: 'يرجى اختيار الجنسية' },
  SELECT_BRANCH: { en: 'Please select branch', ar: 'يرجى اختيار الفرع' },
  SELECT_ID_TYPE: { en: 'Please select ID type', ar: 'يرجى اختيار نوع الهوية' },
  ID_NUMBER_INVALID: { en: 'The ID number is not valid.', ar: 'رقم الهوية غير صحيح.' },
  ID_EXPIRED: { en: 'The ID has expired.', ar: 'انتهت صلاحية الهوية.' },
  DATE_OF_BIRTH_INVALID: { en: 'Please enter a valid date of birth.', ar: 'يرجى إدخال تاريخ ميلاد صحيح.' },
  PHONE_NOT_VERIFIED: { en: 'Please verify your phone number.', ar: 'يرجى التحقق من رقم هاتفك.' },
  PHOTO_REQUIRED: { en: 'Please add a personal photo.', ar: 'يرجى إرفاق صورة شخصية.' },
  FILE_TOO_LARGE: {
    en: 'The file is too large. The largest allowed is {{max}} MB.',
    ar: 'الملف كبير جداً. الحد الأقصى المسموح به {{max}} ميجابايت.',
  },
  FILE_TYPE_NOT_ALLOWED: {
    en: 'This type of file is not allowed. Allowed: {{types}}.',
    ar: 'نوع الملف غير مسموح به. المسموح: {{types}}.',
  },
  // back office
  AMOUNT_INVALID: { en: 'Please enter a valid amount in riyals.', ar: 'يرجى إدخال مبلغ صحيح بالريال.' },
  CAPACITY_INVALID: {
    en: 'Capacity must be a whole number from 1 to 500.',
    ar: 'يجب أن تكون السعة رقماً صحيحاً من 1 إلى 500.',
  },
  CLASS_DELETED: { en: 'Class Deleted Successfully', ar: 'تم حذف القاعة بنجاح' },
  CLASS_HAS_BOOKED_SESSIONS: {
    en: "Class Can't be Deleted, It have Booked Sessions",
    ar: 'لا يمكن حذف القاعة، توجد جلسات محجوزة فيها',
  },
  USERNAME_INVALID: {
    en: 'The username must be 3 to 30 letters, digits, dots, dashes or underscores, starting with a letter.',
    ar: 'يجب أن يتكون اسم المستخدم من 3 إلى 30 حرفاً أو رقماً أو نقطة أو شرطة، ويبدأ بحرف.',
  },
  SELECT_USER_TYPE: { en: 'Please select the user type', ar: 'يرجى اختيار نوع المستخدم' },
  SELECT_PERMISSION_GROUP: { en: 'Please select a permission group', ar: 'يرجى اختيار مجموعة الصلاحيات' },
  CANNOT_GRANT_MORE: {
    en: 'You cannot give rights that you do not have yourself.',
    ar: 'لا يمكنك منح صلاحيات لا تملكها.',
  },
  ACCOUNT_HOLDS_MORE_RIGHTS: {
    en: 'You cannot change an account that holds rights you do not have yourself.',
    ar: 'لا يمكنك تعديل حساب يملك صلاحيات لا تملكها.',
  },
  GROUP_HOLDS_MORE_RIGHTS: {
    en: 'You cannot change a group that holds rights you do not have yourself.',
    ar: 'لا يمكنك تعديل مجموعة تملك صلاحيات لا تملكها.',
  },
  NO_STUDENT_WITH_ID: { en: 'No student found with this ID.', ar: 'لم يتم العثور على طالب بهذا الرقم.' },
  ENTER_REASON: { en: 'Please enter the reason.', ar: 'يرجى إدخال السبب.' },
  PASSWORD_SENT: { en: 'Password has been sent to you', ar: 'تم إرسال كلمة المرور إليك' },
  SELECT_TRANSFER_TARGET: {
    en: 'Please choose the branch or corporate to transfer to.',
    ar: 'يرجى اختيار الفرع أو الشركة المراد النقل إليها.',
  },
  SELECT_CORPORATE: { en: 'Please select a corporate', ar: 'يرجى اختيار الشركة' },
  CR_NUMBER_INVALID: {
    en: 'The commercial registration number must be 10 digits.',
    ar: 'يجب أن يتكون رقم السجل التجاري من 10 أرقام.',
  },
  VAT_NUMBER_INVALID: {
    en: 'The VAT number must be 15 digits, starting and ending with 3.',
    ar: 'يجب أن يتكون الرقم الضريبي من 15 رقماً، يبدأ وينتهي بالرقم 3.',
  },
  IBAN_INVALID: {
    en: 'Please enter a valid Saudi IBAN (SA followed by 22 digits).',
    ar: 'يرجى إدخال رقم آيبان سعودي صحيح من 24 خانة.',
  },
  PERCENT_INVALID: { en: 'Please enter a percentage from 0 to 100.', ar: 'يرجى إدخال نسبة من 0 إلى 100.' },
  // centres (training and medical): registration and approval
  REQUEST_SUBMITTED: { en: 'Request has been submitted', ar: 'تم تقديم الطلب' },
  REGISTRATION_PENDING: {
    en: 'Your registration is awaiting approval.',
    ar: 'تسجيلكم بانتظار الموافقة.',
  },
  REGISTRATION_REJECTED: { en: 'Your registration was not approved.', ar: 'لم تتم الموافقة على تسجيلكم.' },
  ALREADY_REVIEWED: {
    en: 'This registration has already been reviewed.',
    ar: 'تمت مراجعة هذا التسجيل مسبقاً.',
  },
  EXPIRY_PASSED: { en: 'The expiry date has already passed.', ar: 'تاريخ الانتهاء قد مضى.' },
  ENTER_LICENCE_NUMBER: { en: 'Please enter the licence number.', ar: 'يرجى إدخال رقم الترخيص.' },
  ENTER_ADDRESS: { en: 'Please enter the address.', ar: 'يرجى إدخال العنوان.' },
  // products
  SELECT_PRODUCT_TYPE: { en: 'Please select the product type', ar: 'يرجى اختيار نوع المنتج' },
  PRODUCT_CODE_INVALID: {
    en: 'The product code may have up to 30 letters, digits and dashes.',
    ar: 'يتكون رمز المنتج من 30 حرفاً أو رقماً أو شرطة كحد أقصى.',
  },
  // courses (spec §5: "course name must be alphabetic" and the exam rules)
  COURSE_NAME_ALPHABETIC: {
    en: 'Course name must be alphabetic',
    ar: 'يجب أن يتكون اسم الدورة من حروف فقط',
  },
  SELECT_SECTOR: { en: 'Please select the sector', ar: 'يرجى اختيار القطاع' },
  SELECT_TRAINING_LANGUAGE: { en: 'Please select the training language', ar: 'يرجى اختيار لغة التدريب' },
  SELECT_LEVEL: { en: 'Please select the level', ar: 'يرجى اختيار المستوى' },
  SELECT_COURSE_FEES: { en: 'Please select the course fees', ar: 'يرجى اختيار رسوم الدورة' },
  ENTER_SESSION_TITLE: { en: 'Please enter the session title', ar: 'يرجى إدخال عنوان الجلسة' },
  SESSION_DURATION_INVALID: {
    en: 'Please enter the duration in minutes, from 1 to 600.',
    ar: 'يرجى إدخال المدة بالدقائق، من 1 إلى 600.',
  },
  SELECT_TRAINING_TYPE: { en: 'Please select the training type', ar: 'يرجى اختيار نوع التدريب' },
  SESSIONS_REQUIRED: { en: 'Please add at least one session.', ar: 'يرجى إضافة جلسة واحدة على الأقل.' },
  TOO_MANY_SESSIONS: {
    en: 'A course can have at most 30 sessions.',
    ar: 'لا يمكن أن تحتوي الدورة على أكثر من 30 جلسة.',
  },
  COURSE_SESSIONS_FIRST: {
    en: 'Please save the course sessions first.',
    ar: 'يرجى حفظ جلسات الدورة أولاً.',
  },
  EXAM_FIELDS_REQUIRED: {
    en: 'An exam needs number of questions, full mark, passing mark, failed mark and duration',
    ar: 'يجب أن يحتوي الاختبار على عدد الأسئلة والدرجة الكاملة ودرجة النجاح ودرجة الرسوب والمدة',
  },
  PASSING_MARKS_BELOW_FULL: {
    en: 'Passing marks must be less than exam full marks',
    ar: 'يجب أن تكون درجة النجاح أقل من الدرجة الكاملة للاختبار',
  },
  FAILED_MARKS_BELOW_PASSING: {
    en: 'Failed marks must be less than passing marks',
    ar: 'يجب أن تكون درجة الرسوب أقل من درجة النجاح',
  },
  WHOLE_NUMBER_INVALID: {
    en: 'Please enter a whole number within the allowed range.',
    ar: 'يرجى إدخال رقم صحيح ضمن النطاق المسموح به.',
  },
  // login e-mail and phone of a student or corporate: changed only with the code sent to the new one
  CONTACT_CHANGE_NEEDS_CODE: {
    en: 'The login e-mail and phone change only with the code sent to the new one.',
    ar: 'لا يتغيّر البريد الإلكتروني أو رقم الجوال لتسجيل الدخول إلا بالرمز المرسل إلى الجديد منهما.',
  },
  CONTACT_CHANGE_ONE_FIELD: {
    en: 'Please enter the new e-mail or the new phone, one at a time.',
    ar: 'يرجى إدخال البريد الإلكتروني الجديد أو رقم الجوال الجديد، واحداً في كل مرة.',
  },
  CONTACT_UNCHANGED: {
    en: 'This is already the account’s e-mail or phone.',
    ar: 'هذا هو البريد الإلكتروني أو رقم الجوال الحالي للحساب.',
  },
  CONTACT_CODE_SENT: { en: 'A code has been sent to {{to}}.', ar: 'تم إرسال رمز إلى {{to}}.' },
  CONTACT_CHANGED: {
    en: 'The login contact has been changed, and the account signed out everywhere.',
    ar: 'تم تغيير بيانات الدخول، وتم تسجيل خروج الحساب من جميع الأجهزة.',
  },
  // Payments and invoices (issue 11)
  NO_PAYMENTS_FOUND: {
    en: 'No payments found with the selected filters',
    ar: 'لم يتم العثور على مدفوعات بالمرشحات المحددة',
  },
  BOOKING_NOT_PAYABLE: {
    en: 'This booking cannot be paid now.',
    ar: 'لا يمكن دفع هذا الحجز الآن.',
  },
  BOOKING_ALREADY_PAID: { en: 'This booking is already paid.', ar: 'تم دفع هذا الحجز بالفعل.' },
  BOOKING_HOLD_EXPIRED: {
    en: 'The seat hold has expired. Please book again.',
    ar: 'انتهت مدة حجز المقعد. يرجى الحجز مرة أخرى.',
  },
  PAYMENT_IN_PROGRESS: {
    en: 'A payment of this booking is already waiting for confirmation.',
    ar: 'توجد دفعة لهذا الحجز بانتظار التأكيد بالفعل.',
  },
  PAYMENT_METHOD_NOT_ALLOWED: {
    en: 'This payment method is not available to you here.',
    ar: 'طريقة الدفع هذه غير متاحة لك هنا.',
  },
  TELLER_ONLY_PAYMENT: {
    en: 'Only a teller at the counter may take cash or POS payments.',
    ar: 'لا يقبل الدفع النقدي أو بنقاط البيع إلا أمين الصندوق في الفرع.',
  },
  PAYMENT_AMOUNT_INVALID: {
    en: 'The amount must be more than zero and at most what remains to be paid.',
    ar: 'يجب أن يكون المبلغ أكبر من صفر وألا يتجاوز المبلغ المتبقي.',
  },
  BALANCE_INSUFFICIENT: {
    en: 'Your balance is not enough for this payment.',
    ar: 'رصيدك غير كافٍ لهذه الدفعة.',
  },
  PAYMENT_GATEWAY_UNAVAILABLE: {
    en: 'The payment gateway could not be reached. Please try again.',
    ar: 'تعذر الوصول إلى بوابة الدفع. يرجى المحاولة مرة أخرى.',
  },
  PAYMENT_SUCCEEDED: {
    en: 'Payment successful. Your invoice is ready.',
    ar: 'تم الدفع بنجاح. فاتورتك جاهزة.',
  },
  PAYMENT_DECLINED: {
    en: 'The card payment was declined. Your booking is still waiting for payment.',
    ar: 'تم رفض الدفع بالبطاقة. لا يزال حجزك بانتظار الدفع.',
  },
  PAYMENT_ABANDONED: {
    en: 'The card payment was not completed. Your booking is still waiting for payment.',
    ar: 'لم يكتمل الدفع بالبطاقة. لا يزال حجزك بانتظار الدفع.',
  },
  PAYMENT_CARD_PENDING: {
    en: 'Your card payment is not confirmed yet. We will confirm your booking as soon as the bank does.',
    ar: 'لم يتم تأكيد الدفع بالبطاقة بعد. سنؤكد حجزك فور تأكيد البنك.',
  },
  PAYMENT_WIRE_PENDING: {
    en: 'Your wire transfer has been received and is waiting for finance to confirm it.',
    ar: 'تم استلام حوالتك البنكية وهي بانتظار تأكيد الإدارة المالية.',
  },
  PAYMENT_NOT_PENDING_WIRE: {
    en: 'Only a wire transfer waiting for confirmation can be confirmed.',
    ar: 'لا يمكن تأكيد إلا حوالة بنكية بانتظار التأكيد.',
  },
  WIRE_CONFIRMED: {
    en: 'The wire transfer is confirmed and the invoice issued.',
    ar: 'تم تأكيد الحوالة البنكية وإصدار الفاتورة.',
  },
  PRODUCT_NOT_AVAILABLE: {
    en: 'This product is not available.',
    ar: 'هذا المنتج غير متاح.',
  },
  BOOKING_CANCEL_TOO_LATE: {
    en: 'A booking can be cancelled only before its session starts.',
    ar: 'لا يمكن إلغاء الحجز إلا قبل بدء الجلسة.',
  },
  BOOKING_NOT_CANCELLABLE: {
    en: 'This booking cannot be cancelled.',
    ar: 'لا يمكن إلغاء هذا الحجز.',
  },
  BOOKING_CANCELLED: {
    en: 'The booking is cancelled and its seat freed.',
    ar: 'تم إلغاء الحجز وإتاحة المقعد.',
  },
  BOOKING_CANCELLED_CREDITED: {
    en: 'The booking is cancelled; SAR {{amount}} has been added to the balance.',
    ar: 'تم إلغاء الحجز؛ وأضيف مبلغ {{amount}} ر.س إلى الرصيد.',
  },
  BOOKING_CANCELLED_CREDITED_REST: {
    en: 'The booking is cancelled; SAR {{amount}}, what was left after SAR {{givenBack}} already given back, has been added to the balance.',
    ar: 'تم إلغاء الحجز؛ وأضيف إلى الرصيد مبلغ {{amount}} ر.س، وهو المتبقي بعد إرجاع {{givenBack}} ر.س من قبل.',
  },
  BOOKING_CANCELLED_NOTHING_LEFT: {
    en: 'The booking is cancelled and its seat freed; what was paid had already been given back in full, so nothing was added to the balance.',
    ar: 'تم إلغاء الحجز وإتاحة المقعد؛ وقد أُرجع ما دُفع بالكامل من قبل، فلم يُضف شيء إلى الرصيد.',
  },
  PAYMENT_RECEIPT_TEXT: {
    en: 'Tasreeh: payment of SAR {{amount}} received for {{what}}. Invoice {{number}}: {{link}}',
    ar: 'تصريح: تم استلام مبلغ {{amount}} ر.س مقابل {{what}}. الفاتورة {{number}}: {{link}}',
  },
  PAYMENT_RECEIPT_SUBJECT: {
    en: 'Tasreeh: payment received, invoice {{number}}',
    ar: 'تصريح: تم استلام الدفعة، الفاتورة {{number}}',
  },
  BOOKING_CONFIRMED_TEXT: {
    en: 'Tasreeh: your booking {{booking}} is confirmed.',
    ar: 'تصريح: تم تأكيد حجزك {{booking}}.',
  },
  // Bookings (issue 11)
  SESSION_FULL: { en: 'This session is full.', ar: 'هذه الجلسة مكتملة.' },
  NOT_ENOUGH_SEATS: {
    en: 'Not enough seats are left in this session (seats left: {{seatsLeft}}); no booking was made.',
    ar: 'لا تكفي المقاعد المتبقية في هذه الجلسة (المقاعد المتبقية: {{seatsLeft}})؛ لم يتم أي حجز.',
  },
  SESSION_NOT_BOOKABLE: {
    en: 'This session has started or was cancelled; it cannot be booked.',
    ar: 'بدأت هذه الجلسة أو أُلغيت؛ لا يمكن الحجز فيها.',
  },
  ONLY_TELLER_MAY_BOOK: { en: 'only a teller may add a booking', ar: 'يمكن لموظف الصندوق فقط إضافة حجز' },
  STUDENT_ON_HOLD: {
    en: 'This student is on hold and cannot be booked.',
    ar: 'هذا المتدرب موقوف ولا يمكن حجزه.',
  },
  ALREADY_BOOKED: {
    en: 'This student already has a booking in this session.',
    ar: 'لدى هذا المتدرب حجز في هذه الجلسة بالفعل.',
  },
  SELECT_STUDENT: { en: 'Please select the student.', ar: 'يرجى اختيار المتدرب.' },
  SELECT_STUDENTS: { en: 'Please select at least one student.', ar: 'يرجى اختيار متدرب واحد على الأقل.' },
  TOO_MANY_STUDENTS: {
    en: 'Too many students for one booking.',
    ar: 'عدد المتدربين كبير جداً لحجز واحد.',
  },
  SEAT_HELD: {
    en: 'Your seat is held for 15 minutes until payment.',
    ar: 'تم حجز مقعدك لمدة 15 دقيقة حتى الدفع.',
  },
  BATCH_BOOKED: { en: '{{count}} bookings were made.', ar: 'تم إنشاء {{count}} حجوزات.' },
  // Booking details, cancel and move (issue 11)
  BOOKING_MOVE_TOO_LATE: {
    en: 'A booking can be moved only before its session starts.',
    ar: 'لا يمكن نقل الحجز إلا قبل بدء جلسته.',
  },
  BOOKING_NOT_MOVABLE: {
    en: 'This booking cannot be moved in its current status.',
    ar: 'لا يمكن نقل هذا الحجز في حالته الحالية.',
  },
  MOVE_TO_OTHER_COURSE: {
    en: 'A booking can be moved only to another session of the same course and kind.',
    ar: 'لا يمكن نقل الحجز إلا إلى جلسة أخرى من الدورة نفسها والنوع نفسه.',
  },
  MOVE_TO_SAME_SESSION: {
    en: 'The booking is already in this session.',
    ar: 'الحجز في هذه الجلسة بالفعل.',
  },
  BOOKING_MOVED: {
    en: 'The booking is moved to the new session.',
    ar: 'تم نقل الحجز إلى الجلسة الجديدة.',
  },
  // Scheduling (issue 11)
  END_BEFORE_START: {
    en: 'End date must not be before start date',
    ar: 'يجب ألا يكون تاريخ الانتهاء قبل تاريخ البدء',
  },
  END_TIME_NOT_AFTER_START: {
    en: 'The end time must be after the start time.',
    ar: 'يجب أن يكون وقت الانتهاء بعد وقت البدء.',
  },
  ENTER_TIME: { en: 'Please enter a time (HH:MM).', ar: 'يرجى إدخال الوقت (س:د).' },
  SELECT_COURSE: { en: 'Please select a course', ar: 'يرجى اختيار الدورة' },
  SELECT_CLASSROOM: { en: 'Please select a classroom', ar: 'يرجى اختيار القاعة' },
  SELECT_INSTRUCTOR: { en: 'Please select an instructor', ar: 'يرجى اختيار المدرب' },
  SELECT_EXAMINER: { en: 'Please select an examiner', ar: 'يرجى اختيار المراقب' },
  SELECT_EXAM_TYPE: { en: 'Please select the exam type', ar: 'يرجى اختيار نوع الاختبار' },
  COURSE_HAS_NO_EXAM: {
    en: 'This course has no exam yet: add its exam first.',
    ar: 'لا يوجد اختبار لهذه الدورة بعد: أضف الاختبار أولاً.',
  },
  SESSION_RANGE_TOO_LONG: {
    en: 'Please choose a period of at most {{days}} days.',
    ar: 'يرجى اختيار فترة لا تزيد على {{days}} يوماً.',
  },
  SESSION_REPEAT_TOO_LONG: {
    en: 'A weekly repeat may make at most {{count}} sessions.',
    ar: 'لا يمكن أن ينشئ التكرار الأسبوعي أكثر من {{count}} جلسة.',
  },
  SESSION_ROOM_CLASH: {
    en: '{{room}} is already booked on {{date}} from {{start}} to {{end}}.',
    ar: 'القاعة {{room}} محجوزة في {{date}} من {{start}} إلى {{end}}.',
  },
  SESSION_STAFF_CLASH: {
    en: '{{name}} already has a session on {{date}} from {{start}} to {{end}}.',
    ar: 'لدى {{name}} جلسة في {{date}} من {{start}} إلى {{end}}.',
  },
  SESSION_HAS_BOOKINGS: {
    en: 'This session has bookings and cannot be cancelled: cancel or move its bookings first.',
    ar: 'لا يمكن إلغاء هذه الجلسة لوجود حجوزات فيها: ألغِ حجوزاتها أو انقلها أولاً.',
  },
  SESSION_CANCELLED_ALREADY: {
    en: 'This session is cancelled and can no longer be changed.',
    ar: 'هذه الجلسة ملغاة ولا يمكن تعديلها.',
  },
  CAPACITY_BELOW_BOOKED: {
    en: 'The capacity cannot be less than the {{count}} seats already booked.',
    ar: 'لا يمكن أن تقل السعة عن {{count}} مقعداً محجوزاً بالفعل.',
  },
  SESSION_CANCELLED: { en: 'The session has been cancelled.', ar: 'تم إلغاء الجلسة.' },
  CLASS_HAS_SESSIONS: {
    en: 'This class has sessions on the calendar (scheduled, past or cancelled) and cannot be deleted.',
    ar: 'لا يمكن حذف هذه القاعة لأن لها جلسات في التقويم (مجدولة أو سابقة أو ملغاة).',
  },
  // Wire rejection (issue 11, all-payments)
  PAYMENT_WIRE_NOT_REJECTABLE: {
    en: 'Only a wire transfer waiting for confirmation can be rejected.',
    ar: 'لا يمكن رفض إلا حوالة بنكية بانتظار التأكيد.',
  },
  WIRE_REJECTED: {
    en: 'The wire transfer is rejected; the booking is waiting for payment again.',
    ar: 'تم رفض الحوالة البنكية؛ وعاد الحجز بانتظار الدفع.',
  },
  WIRE_REJECTED_SUBJECT: {
    en: 'Tasreeh: your wire transfer was not accepted',
    ar: 'تصريح: لم تُقبل حوالتك البنكية',
  },
  WIRE_REJECTED_TEXT: {
    en: 'Tasreeh: your wire transfer of SAR {{amount}} for booking {{booking}} was not accepted: {{reason}}. Please pay another way within {{minutes}} minutes to keep your seat: {{link}}',
    ar: 'تصريح: لم تُقبل حوالتك البنكية بمبلغ {{amount}} ر.س للحجز {{booking}}: {{reason}}. يرجى الدفع بطريقة أخرى خلال {{minutes}} دقيقة للاحتفاظ بمقعدك: {{link}}',
  },
  // Scheduling: sessions in the past, sessions already started, edits of a weekly series.
  SESSION_START_IN_PAST: {
    en: 'A session cannot start in the past: please choose a later date or time.',
    ar: 'لا يمكن أن تبدأ الجلسة في وقت مضى: يرجى اختيار تاريخ أو وقت لاحق.',
  },
  SESSION_STARTED: {
    en: 'This session has already started and can no longer be edited; it can still be cancelled if it has no bookings.',
    ar: 'بدأت هذه الجلسة ولم يعد تعديلها ممكناً؛ ويمكن إلغاؤها إن لم تكن فيها حجوزات.',
  },
  SESSION_SERIES_HAS_BOOKINGS: {
    en: 'The session of {{date}} in this series has bookings, so nothing was cancelled: cancel or move its bookings first, or cancel the sessions one by one.',
    ar: 'لم يُلغَ شيء لأن جلسة {{date}} في هذه السلسلة فيها حجوزات: ألغِ حجوزاتها أو انقلها أولاً، أو ألغِ الجلسات واحدة تلو الأخرى.',
  },
  // Exams, banks and the builder (issue 12; spec §5 exam rules)
  QUESTIONS_REQUIRED: { en: 'Please add at least one question', ar: 'يرجى إضافة سؤال واحد على الأقل' },
  QUESTION_TEXT_REQUIRED: { en: 'Please enter the question text', ar: 'يرجى إدخال نص السؤال' },
  ANSWERS_REQUIRED: { en: 'Please add at least one answer', ar: 'يرجى إضافة إجابة واحدة على الأقل' },
  ANSWERS_COUNT: {
    en: 'A question has from 2 to 6 answers',
    ar: 'يحتوي السؤال على إجابتين إلى 6 إجابات',
  },
  ANSWER_TEXT_REQUIRED: { en: 'Please enter the answer text', ar: 'يرجى إدخال نص الإجابة' },
  ONE_CORRECT_ANSWER: {
    en: 'Please mark exactly one correct answer',
    ar: 'يرجى تحديد إجابة صحيحة واحدة فقط',
  },
  EXAM_QUESTIONS_OVER_BANK: {
    en: 'Number of exam questions must be equal or less than bank questions',
    ar: 'يجب أن يكون عدد أسئلة الاختبار مساوياً لعدد أسئلة البنك أو أقل منه',
  },
  EXAM_TITLE_REQUIRED: { en: 'Please enter the exam title', ar: 'يرجى إدخال عنوان الاختبار' },
  EXAM_ACTIVE_EXISTS: {
    en: 'This course already has an active exam.',
    ar: 'هذه الدورة لديها اختبار نشط بالفعل.',
  },
  QUESTION_IN_USE: {
    en: 'This question was used in an exam: retire it and add a new one instead.',
    ar: 'استُخدم هذا السؤال في اختبار: أوقفه وأضف سؤالاً جديداً بدلاً منه.',
  },
  QUESTION_RETIRED: { en: 'This question is retired.', ar: 'هذا السؤال موقوف.' },
  QUESTION_LINK_INVALID: {
    en: 'Link a question to a question of the same course in another language that is not linked in this bank yet.',
    ar: 'اربط السؤال بسؤال من الدورة نفسها بلغة أخرى غير مرتبط بعد في هذا البنك.',
  },
  ITEM_KEY_INVALID: { en: 'The item key is not valid.', ar: 'مفتاح السؤال غير صالح.' },
  ITEM_KEY_TAKEN: {
    en: 'This item key is already used by another question of this bank.',
    ar: 'مفتاح السؤال هذا مستخدم لسؤال آخر في هذا البنك.',
  },
  CORRECT_ANSWER_NUMBER_INVALID: {
    en: 'The correct answer number must name one of the answers.',
    ar: 'يجب أن يشير رقم الإجابة الصحيحة إلى إحدى الإجابات.',
  },
  IMPORT_FILE_INVALID: {
    en: 'Please choose an Excel file (.xlsx) with the bank questions.',
    ar: 'يرجى اختيار ملف إكسل يحتوي على أسئلة البنك.',
  },
  IMPORT_TOO_MANY_ROWS: {
    en: 'A file may hold at most {{max}} questions.',
    ar: 'يمكن أن يحتوي الملف على {{max}} سؤال كحد أقصى.',
  },
  IMPORT_ROWS_INVALID: {
    en: 'Some rows of the file are not valid; nothing was imported.',
    ar: 'بعض صفوف الملف غير صالحة؛ لم يتم استيراد أي شيء.',
  },
  IMPORT_DONE: {
    en: '{{added}} questions added, {{updated}} updated, {{retired}} retired.',
    ar: 'تمت إضافة {{added}} سؤال، وتحديث {{updated}}، وإيقاف {{retired}}.',
  },

  // Exams, sitting an exam (issue 12; spec §8)
  EXAM_NOT_STARTED: { en: 'Exam Not Started yet', ar: 'لم يبدأ الاختبار بعد' },
  EXAM_FINISHED: { en: 'This exam is finished', ar: 'انتهى هذا الاختبار' },
  ANSWER_REQUIRED: {
    en: 'Please choose an answer before the next question',
    ar: 'يرجى اختيار إجابة قبل الانتقال إلى السؤال التالي',
  },
  EXAM_CHECKIN_REQUIRED: {
    en: 'Please complete the check-in before starting the exam.',
    ar: 'يرجى إكمال تسجيل الحضور قبل بدء الاختبار.',
  },
  EXAM_NOT_SITTABLE: {
    en: 'This booking cannot sit the exam.',
    ar: 'لا يمكن أداء الاختبار بهذا الحجز.',
  },
  EXAM_NOT_READY: {
    en: 'This exam is not ready yet. Please contact the centre.',
    ar: 'هذا الاختبار غير جاهز بعد. يرجى التواصل مع المركز.',
  },
  EXAM_REVIEW_CLOSED: {
    en: 'This exam does not offer a review.',
    ar: 'لا يتيح هذا الاختبار المراجعة.',
  },
  EXAM_NOT_SUBMITTED: {
    en: 'The exam has not been submitted yet.',
    ar: 'لم يتم تسليم الاختبار بعد.',
  },

  // Exams, the candidate's exam lists (issue 12; spec §8)
  NO_EXAMS_FOUND: {
    en: 'No available exams found with the selected filters',
    ar: 'لم يتم العثور على اختبارات متاحة بالفلاتر المحددة',
  },

  // Exams, check-in and fingerprints (issue 12)
  CHECKIN_ID_NUMBER_MISMATCH: {
    en: 'This ID number does not match the booking.',
    ar: 'رقم الهوية هذا لا يطابق الحجز.',
  },
  CHECKIN_PHOTO_NOT_NEEDED: {
    en: 'This photo is not needed for this exam.',
    ar: 'هذه الصورة غير مطلوبة لهذا الاختبار.',
  },
  CHECKIN_NO_FINGERPRINT: {
    en: 'No fingerprint is enrolled for this student.',
    ar: 'لا توجد بصمة مسجلة لهذا المتدرب.',
  },
  CHECKIN_FINGERPRINT_MISMATCH: {
    en: 'The fingerprint does not match. Please try again with the same finger.',
    ar: 'البصمة غير مطابقة. يرجى المحاولة مرة أخرى بالإصبع نفسه.',
  },
  CHECKIN_ID_NUMBER_CHECKED: { en: 'ID number checked.', ar: 'تم التحقق من رقم الهوية.' },
  CHECKIN_PHOTO_SAVED: { en: 'Photo saved.', ar: 'تم حفظ الصورة.' },
  CHECKIN_FINGERPRINT_CHECKED: { en: 'Fingerprint checked.', ar: 'تم التحقق من البصمة.' },
  FINGERPRINT_CAPTURES_REQUIRED: {
    en: 'Four captures of the finger are required.',
    ar: 'يلزم أخذ أربع قراءات للإصبع.',
  },
  FINGERPRINT_CAPTURES_DIFFER: {
    en: 'The captures are not of the same finger. Please capture again.',
    ar: 'القراءات ليست للإصبع نفسه. يرجى إعادة الالتقاط.',
  },
  FINGERPRINT_SAMPLE_UNREADABLE: {
    en: 'The fingerprint reading could not be used. Please capture again.',
    ar: 'تعذر استخدام قراءة البصمة. يرجى إعادة الالتقاط.',
  },
  FINGERPRINT_SERVICE_UNAVAILABLE: {
    en: 'The fingerprint service is not available. Please try again later.',
    ar: 'خدمة البصمة غير متاحة. يرجى المحاولة لاحقاً.',
  },
  FINGERPRINT_ENROLLED: { en: 'Fingerprint enrolled.', ar: 'تم تسجيل البصمة.' },
  FINGERPRINT_REMOVED: { en: 'Fingerprint removed.', ar: 'تمت إزالة البصمة.' },

  // Exams, check-in under the PDPL: the ID photo setting and the photos' retention (issue 12, decision 0015)
  CHECKIN_ID_PHOTO_NOT_KEPT: {
    en: 'This centre does not keep a photo of your ID: the ID number you typed has been checked instead.',
    ar: 'لا يحتفظ هذا المركز بصورة من هويتك: تم التحقق من رقم الهوية الذي أدخلته بدلاً منها.',
  },
  CHECKIN_PHOTO_PURGED: {
    en: 'This check-in photo was deleted after its retention period ended.',
    ar: 'حُذفت صورة تسجيل الحضور هذه بعد انتهاء مدة الاحتفاظ بها.',
  },

  // Exams, proctoring, attendance and practical scores (issue 12; spec §5 "score must be added")
  SCORE_REQUIRED: { en: 'Score must be added', ar: 'يجب إدخال الدرجة' },
  ATTEMPT_NOT_IN_PROGRESS: {
    en: 'This attempt is not in progress.',
    ar: 'هذه المحاولة ليست قيد التقدم.',
  },
  EXTRA_TIME_LIMIT: {
    en: 'Extra time is limited: this attempt can be given at most {{minutes}} more minutes.',
    ar: 'الوقت الإضافي محدود: يمكن منح هذه المحاولة {{minutes}} دقيقة إضافية كحد أقصى.',
  },
  PRACTICAL_SCORE_NOT_EXPECTED: {
    en: 'This exam has no practical part.',
    ar: 'لا يتضمن هذا الاختبار جزءًا عمليًا.',
  },
  PRACTICAL_SCORE_TOO_HIGH: {
    en: 'The practical score cannot exceed the practical marks.',
    ar: 'لا يمكن أن تتجاوز الدرجة العملية درجات الجزء العملي.',
  },
  ATTENDANCE_NOT_CHANGEABLE: {
    en: 'Attendance can be marked only for a booked seat of an exam that has started.',
    ar: 'لا يمكن تسجيل الحضور إلا لحجز مؤكد في اختبار بدأ.',
  },
  ADMIT_NOT_POSSIBLE: {
    en: 'This candidate cannot be admitted.',
    ar: 'لا يمكن قبول هذا المرشح.',
  },

  // Exams, scores and retakes (issue 12)
  RETAKE_NOT_DUE: {
    en: 'This student has no retake due for this course.',
    ar: 'لا توجد إعادة اختبار مستحقة لهذا الطالب في هذه الدورة.',
  },
  RETAKE_BOOKED: {
    en: 'The free ReAssessment is booked.',
    ar: 'تم حجز إعادة التقييم المجانية.',
  },
  EXAM_RESULTS_TOO_MANY: {
    en: 'Too many results to export at once: please narrow the filters.',
    ar: 'النتائج أكثر من أن تُصدَّر دفعة واحدة: يرجى تضييق الفلاتر.',
  },

  // Exams, statistics by date range (issue 12, dashboards)
  EXAM_STATS_RANGE: {
    en: 'The start of the period must be on or before its end.',
    ar: 'يجب أن تكون بداية الفترة في تاريخ نهايتها أو قبله.',
  },

  // Certificates and the public inquiry (issue 12)
  CERTIFICATE_NOT_FOUND: {
    en: 'No certificate was found with this number.',
    ar: 'لم يتم العثور على شهادة بهذا الرقم.',
  },
  CERTIFICATE_NUMBER_INVALID: {
    en: 'Enter the certificate number as printed, for example CRT-000123.',
    ar: 'أدخل رقم الشهادة كما هو مطبوع على الشهادة.',
  },
  CERTIFICATE_INQUIRY_KEY: {
    en: 'Enter either a certificate number or an ID number.',
    ar: 'أدخل رقم الشهادة أو رقم الهوية.',
  },

  // Certificates: the online status check of a scanned code (issue 12, H2)
  CERTIFICATE_CODE_INVALID: {
    en: 'This code was not signed by the centre or has been changed.',
    ar: 'هذا الرمز غير موقَّع من المركز أو تم تغييره.',
  },

  // Certificates: staff revoke a certificate (issue 12, H5)
  CERTIFICATE_ALREADY_REVOKED: {
    en: 'This certificate has already been revoked.',
    ar: 'تم إلغاء هذه الشهادة من قبل.',
  },
  REVOKE_REASON_TOO_SHORT: {
    en: 'Please enter the reason in at least 3 characters.',
    ar: 'يرجى إدخال السبب في ثلاثة أحرف على الأقل.',
  },
  CERTIFICATE_REVOKED: {
    en: 'The certificate has been revoked.',
    ar: 'تم إلغاء الشهادة.',
  },

  // Certificates: what was true at issue, reissued after a name correction (issue 24)
  CERTIFICATE_REISSUED: {
    en: 'The certificate has been reissued with a new number. The old number is revoked.',
    ar: 'أُعيد إصدار الشهادة برقم جديد، وأُلغي الرقم السابق.',
  },
  CERTIFICATE_ALREADY_REISSUED: {
    en: 'This certificate has already been reissued; the new certificate replaces it.',
    ar: 'سبق أن أُعيد إصدار هذه الشهادة، والشهادة الجديدة تحل محلها.',
  },
  CERTIFICATE_NOT_IN_FORCE: {
    en: 'This certificate is not in force, so the photo of its holder is not shown.',
    ar: 'هذه الشهادة غير سارية، لذلك لا تُعرض صورة حاملها.',
  },
  CERTIFICATE_NO_PHOTO: {
    en: 'This certificate has no photo of its holder.',
    ar: 'لا تحمل هذه الشهادة صورة لحاملها.',
  },

  // Finance: the journal (issue 13, ground)
  LEDGER_ACCOUNT_MISSING: {
    en: 'Finance has not chosen a ledger account for this posting yet. Choose one in ledger setup.',
    ar: 'لم تحدد المالية حساباً في دفتر الأستاذ لهذا القيد بعد. حدده في إعداد الحسابات.',
  },
  // Finance: refunds with approval (issue 13, F1)
  REFUND_APPROVED: { en: 'Refund request approved.', ar: 'تمت الموافقة على طلب الاسترداد.' },
  REFUND_REJECTED: { en: 'Refund request rejected.', ar: 'تم رفض طلب الاسترداد.' },
  REFUND_PAYMENT_NOT_PAID: {
    en: 'Only a paid payment can be refunded.',
    ar: 'لا يمكن استرداد إلا دفعة مدفوعة.',
  },
  REFUND_NOT_INVOICED: {
    en: 'This payment has no invoice to credit, so it cannot be refunded here.',
    ar: 'لا توجد فاتورة لهذه الدفعة لإصدار إشعار دائن، فلا يمكن استردادها هنا.',
  },
  // Money given back at most once (issue 24, the settlement step): paid − credit notes (− pending requests).
  REFUND_EXCEEDS_REMAINING: {
    en: 'Only SAR {{amount}} is left to give back of this payment: the rest has already been refunded, credited by a cancellation, or asked for in a request awaiting approval.',
    ar: 'المتبقي للإرجاع من هذه الدفعة {{amount}} ريال فقط: أما الباقي فقد استُرد، أو أُضيف إلى الرصيد بإلغاء الحجز، أو طُلب استرداده في طلب ينتظر الموافقة.',
  },
  NOTHING_LEFT_TO_REFUND: {
    en: 'Nothing is left to give back of this payment: all of it has been refunded, credited by a cancellation, or asked for in requests awaiting approval.',
    ar: 'لم يتبقَّ شيء للإرجاع من هذه الدفعة: فقد استُرد كامل مبلغها، أو أُضيف إلى الرصيد بإلغاء الحجز، أو طُلب استرداده في طلبات تنتظر الموافقة.',
  },
  REFUND_ADVANCE_SPENT: {
    en: "Only SAR {{amount}} of this advance can be given back now: the rest of it has been spent from the payer's balance (or is asked for in a request awaiting approval).",
    ar: 'لا يمكن الآن إرجاع أكثر من {{amount}} ريال من هذه الدفعة المقدمة: فقد أُنفق باقيها من رصيد الدافع (أو طُلب استرداده في طلب ينتظر الموافقة).',
  },
  REFUND_ADVANCE_INTO_BALANCE: {
    en: "An advance is already in the payer's balance: it can only be refunded by its original payment method.",
    ar: 'الدفعة المقدمة موجودة أصلاً في رصيد الدافع، فلا تُسترد إلا بطريقة الدفع الأصلية.',
  },
  REFUND_NOT_PENDING: {
    en: 'This refund request has already been decided.',
    ar: 'تم البت في طلب الاسترداد هذا من قبل.',
  },
  REFUND_OWN_REQUEST: {
    en: 'You cannot approve or reject a refund you requested; another person must decide it.',
    ar: 'لا يمكنك الموافقة على طلب استرداد قدمته أو رفضه؛ يجب أن يبت فيه شخص آخر.',
  },

  // Finance: the journal and ledger setup (issue 13, F4)
  LEDGER_ROLE_TAKEN: {
    en: 'Another ledger account already has this role. Clear it there first.',
    ar: 'يوجد حساب آخر بهذا الدور. أزل الدور منه أولاً.',
  },
  LEDGER_ACCOUNT_IN_USE: {
    en: 'This ledger account has journal lines and cannot be deleted.',
    ar: 'لهذا الحساب قيود في دفتر اليومية ولا يمكن حذفه.',
  },
  LEDGER_ACCOUNT_DELETED: {
    en: 'The ledger account has been deleted.',
    ar: 'تم حذف الحساب.',
  },
  JOURNAL_PERIOD_INVALID: {
    en: 'The period must start on or before its end, and span at most a year.',
    ar: 'يجب أن تبدأ الفترة قبل نهايتها أو في يومها، وألا تزيد على سنة.',
  },

  // Finance: Amanah invoices (issue 13, F3)
  AMANA_NOTHING_TO_INVOICE: {
    en: 'There is no Amanah fee left to invoice for this branch and period.',
    ar: 'لا توجد رسوم أمانة متبقية للفوترة لهذا الفرع وهذه الفترة.',
  },
  AMANA_ALREADY_INVOICED: {
    en: 'These payments have just been invoiced by someone else. Refresh and try again.',
    ar: 'تمت فوترة هذه المدفوعات للتو من مستخدم آخر. حدّث الصفحة وحاول مرة أخرى.',
  },
  AMANA_INVOICE_ISSUED: {
    en: 'Amanah invoice {{number}} has been issued.',
    ar: 'تم إصدار فاتورة الأمانة {{number}}.',
  },
  ENTER_BATCH_NUMBER: { en: 'Please enter the batch number.', ar: 'يرجى إدخال رقم الدفعة.' },
  AMANA_BATCH_USED: {
    en: 'This batch number has been used before.',
    ar: 'تم استخدام رقم الدفعة هذا من قبل.',
  },
  AMANA_ALREADY_VERIFIED: {
    en: 'A verified batch cannot be verified twice.',
    ar: 'لا يمكن التحقق من دفعة تم التحقق منها مرتين.',
  },
  AMANA_LINE_NOT_ON_INVOICE: {
    en: 'A selected student is not on this invoice.',
    ar: 'أحد المتدربين المختارين ليس في هذه الفاتورة.',
  },
  AMANA_REFERENCE_MISMATCH: {
    en: 'The student ID or corporate CR does not match the selected line.',
    ar: 'رقم هوية المتدرب أو السجل التجاري للمنشأة لا يطابق السطر المختار.',
  },

  // Finance: advance payments and finance reports (issue 13, F5)
  ADVANCE_PAID: {
    en: 'The advance payment is recorded and credited to the balance.',
    ar: 'تم تسجيل الدفعة المقدمة وإضافتها إلى الرصيد.',
  },
  ADVANCE_WIRE_REJECTED_TEXT: {
    en: 'Tasreeh: your wire transfer of SAR {{amount}} paid in advance into your balance was not accepted: {{reason}}. Your balance has not changed.',
    ar: 'تصريح: لم تُقبل حوالتك البنكية بمبلغ {{amount}} ر.س المدفوعة مقدماً إلى رصيدك: {{reason}}. لم يتغير رصيدك.',
  },
  REPORT_PERIOD_INVALID: {
    en: 'The period must start before it ends and cover at most one year.',
    ar: 'يجب أن تبدأ الفترة قبل نهايتها وألا تتجاوز سنة واحدة.',
  },
  // Finance: daily cash closing (issue 13, F2)
  DEPOSIT_NOT_BELOW_TOTAL: {
    en: 'deposit amount must be less than total amount',
    ar: 'يجب أن يكون مبلغ الإيداع أقل من المبلغ الإجمالي',
  },
  REVENUE_SPLIT_MISMATCH: {
    en: 'cash revenue plus card revenue must equal the selected total',
    ar: 'يجب أن يساوي مجموع الإيرادات النقدية وإيرادات البطاقات المبلغ الإجمالي المحدد',
  },
  CLOSING_EXISTS: {
    en: 'This branch already has a closing for this day.',
    ar: 'يوجد إقفال لهذا الفرع في هذا اليوم بالفعل.',
  },
  CLOSING_DAY_IN_FUTURE: {
    en: 'A day that has not come yet cannot be closed.',
    ar: 'لا يمكن إقفال يوم لم يأتِ بعد.',
  },
  CLOSING_OTHER_BRANCH: {
    en: 'You can close the days of your own branch only.',
    ar: 'يمكنك إقفال أيام فرعك فقط.',
  },
  CLOSING_SLIP_REQUIRED: {
    en: 'Upload the bank deposit slip before finishing the closing.',
    ar: 'ارفع إيصال الإيداع البنكي قبل إنهاء الإقفال.',
  },
  CLOSING_FINISHED: {
    en: 'This closing is finished and its day is locked.',
    ar: 'هذا الإقفال منتهٍ ويومه مقفل.',
  },
  CLOSING_FINISHED_OK: {
    en: 'The day is closed and locked.',
    ar: 'تم إقفال اليوم وقفله.',
  },
  DAY_CLOSED: {
    en: 'This day is closed for the branch: a payment cannot be dated in it. Record it on the next open day.',
    ar: 'هذا اليوم مقفل لهذا الفرع: لا يمكن تسجيل دفعة فيه. سجلها في اليوم المفتوح التالي.',
  },
  // Dashboard business statistics (GET /api/business-stats).
  STATS_YEAR_INVALID: {
    en: 'Choose a year from 2000 to next year.',
    ar: 'اختر سنة من 2000 حتى السنة القادمة.',
  },
  // Finance: card refunds leave through the payout queue after the approval (issue 13, payout)
  REFUND_PAYOUT_RETRIED: {
    en: 'The card refund is being sent again.',
    ar: 'يُعاد إرسال استرداد البطاقة.',
  },
  // the jobs screen (super admin)
  JOB_NOT_FOUND: { en: 'This job was not found.', ar: 'لم يتم العثور على هذه المهمة.' },
  JOB_NOT_RETRYABLE: {
    en: 'Only a failed or cancelled job can be run again.',
    ar: 'لا يمكن إعادة تشغيل إلا مهمة فاشلة أو ملغاة.',
  },
  JOB_NOT_CANCELLABLE: {
    en: 'Only a job that is waiting can be cancelled.',
    ar: 'لا يمكن إلغاء إلا مهمة في الانتظار.',
  },
  JOB_RETRIED: { en: 'The job will run again.', ar: 'ستُشغَّل المهمة مرة أخرى.' },
  JOB_CANCELLED: { en: 'The job has been cancelled.', ar: 'تم إلغاء المهمة.' },
  REFUND_PAYOUT_NOT_FAILED: {
    en: 'Only a card refund the gateway did not accept can be sent again.',
    ar: 'لا يمكن إعادة إرسال إلا استرداد بطاقة لم تقبله بوابة الدفع.',
  },
  REFUND_DAY_CLOSED: {
    en: "This branch's day is closed: no cash or POS refund can be paid out of its till today. Approve it on the next open day, or have it requested again into the payer's balance.",
    ar: 'يوم هذا الفرع مقفل: لا يمكن صرف استرداد نقدي أو عبر نقاط البيع من صندوقه اليوم. اعتمده في اليوم المفتوح التالي، أو اطلب الاسترداد من جديد إلى رصيد الدافع.',
  },
  REFUND_PAYOUT_REFUSED: {
    en: 'The card gateway did not accept the refund.',
    ar: 'لم تقبل بوابة الدفع استرداد البطاقة.',
  },
} as const satisfies Record<string, { en: string; ar: string }>;

export type MessageCode = keyof typeof MESSAGES;
export type Language = 'en' | 'ar';
export const LANGUAGES: readonly Language[] = ['en', 'ar'];

export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value);
}

/** The text of a message in a language, with `{{name}}` parameters filled in. */
export function translateMessage(
  code: MessageCode,
  language: Language,
  params?: Record<string, string | number>,
): string {
  const text: string = MESSAGES[code][language];
  if (!params) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * The language of an `Accept-Language` header: the most wanted of Arabic and English by its
 * `q` weight (order breaks ties), English when it names neither.
 */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'en';
  const wanted = header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...parameters] = entry.trim().toLowerCase().split(';');
      const weight = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.split('-')[0], q: weight === undefined ? 1 : Number(weight), index };
    })
    .filter(
      (entry): entry is { primary: Language; q: number; index: number } =>
        (entry.primary === 'ar' || entry.primary === 'en') && entry.q > 0,
    )
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return wanted[0]?.primary ?? 'en';
}
