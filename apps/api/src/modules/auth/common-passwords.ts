/**
 * The 10,000 most common passwords (the head of the ranked list that zxcvbn-ts ships, drawn from
 * leaked-password frequency lists). Kept on the server only: the web checks the spec's rules and
 * shows the field error the API answers with. Loaded on first use.
 */
const LIST_SIZE = 10_000;

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, LIST_SIZE)),
  );
  return commonPasswords;
}

/** Whether a password is on the list, whatever its letter case (`Password1` is `password1`). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}
