/**
 * Passwords that appear at the top of every public breach list, in the scripts our sellers
 * type in. Checked case-insensitively; a password equal to the seller's email or nickname is
 * refused too.
 */
const commonPasswords = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '12345', '123123', '111111',
  '000000', '654321', '666666', '888888', '112233', '121212', '123321', '123654', '131313',
  '159753', '555555', '696969', '777777', '987654', '999999', '11111111', '00000000',
  '12341234', '88888888', '66666666', '87654321', '11223344', '147258369', '1q2w3e', '1q2w3e4r',
  '1q2w3e4r5t', 'qwerty', 'qwerty1', 'qwerty12', 'qwerty123', 'qwertyuiop', 'qwer1234',
  'asdfgh', 'asdfghjkl', 'asdf1234', 'zxcvbn', 'zxcvbnm', 'qazwsx', '1qaz2wsx', 'qweasd',
  'qweasdzxc', 'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd',
  'p@ssword', 'pass123', 'pass1234', 'admin', 'admin1', 'admin123', 'administrator', 'root',
  'toor', 'letmein', 'welcome', 'welcome1', 'welcome123', 'login', 'master', 'hello',
  'hello123', 'hello1', 'iloveyou', 'iloveyou1', 'princess', 'sunshine', 'monkey', 'dragon',
  'football', 'baseball', 'soccer', 'hockey', 'superman', 'batman', 'trustno1', 'shadow',
  'michael', 'jennifer', 'jordan', 'charlie', 'freedom', 'whatever', 'starwars', 'computer',
  'secret', 'secret1', 'abc123', 'abc1234', 'abcd1234', 'abcdef', 'abcdefg', 'abcdefgh',
  'a123456', 'a12345678', 'aa123456', 'aa12345678', 'q123456', 'qq123456', 'qwe123',
  'qwe123456', 'test', 'test123', 'test1234', 'testing', 'changeme', 'default', 'guest',
  'user', 'user123', 'azerty', 'azerty123', 'motdepasse', 'soleil', 'bonjour', 'doudou',
  'loulou', 'chouchou', 'marseille', 'sifre', 'sifre123', 'parola', 'galatasaray',
  'fenerbahce', 'besiktas', 'trabzonspor', 'samsung', 'apple', 'google', 'naver', 'daum',
  'kakao', 'sarang', 'saranghae', 'love', 'love123', 'lovely', 'woaini', 'woaini1314',
  'woaini520', '5201314', '1314520', 'wang123', 'li123456', 'zhang123', 'aini1314',
  'qwerasdf', 'zaq12wsx', 'xiaoming', 'baobao', 'dearbook', 'ohmygod', 'gogogo', 'killer',
  'pokemon', 'naruto', 'doraemon', 'sakura', 'tinkle', 'mustang', 'ferrari', 'maggie',
  'ginger', 'summer', 'winter', 'spring', 'autumn', 'flower', 'cookie', 'chocolate',
  'banana', 'orange', 'purple', 'yellow', 'silver', 'golden', 'diamond', 'matrix', 'hunter',
  'ranger', 'buster', 'thomas', 'robert', 'daniel', 'andrew', 'joshua', 'george', 'ashley',
  'jessica', 'nicole', 'amanda', 'qwaszx', 'asd123', 'asdasd', 'zxc123', 'zxcasd',
]);

export function isCommonPassword(password: string, personal: readonly string[] = []): boolean {
  const lowered = password.toLowerCase();
  if (commonPasswords.has(lowered)) return true;
  return personal.some((value) => value.length > 0 && value.toLowerCase() === lowered);
}
