/** The students the throughput benchmark's API holds, all with this password: logins under load spread over them. */
export const BENCH_STUDENTS = 1000;
export const BENCH_STUDENT_PASSWORD = 'Bench@2026-load';

/** A bench student's login: the ID number the seed gave it. */
export const benchStudentLogin = (n: number) => `B${String(n).padStart(9, '0')}`;
