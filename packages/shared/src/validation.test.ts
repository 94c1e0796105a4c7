import { describe, expect, it } from 'vitest';
import {
  checkPasswordStrength,
  DESCRIPTION_MAX,
  isDecimal001to10000,
  PASSWORD_STRENGTHS,
  PASSWORD_SYMBOLS,
  passwordRule,
  patterns,
  type PasswordProblem,
  type PasswordStrength,
} from './validation.js';

/*
 * Spec section 5, "Shared patterns" and "Modify password". Each table row is
 * [example, why] so a failing case names the rule it breaks.
 */

type Row = readonly [example: string, why: string];

/** Valid and invalid examples for every entry of `patterns`. */
const patternTables: Record<keyof typeof patterns, { valid: Row[]; invalid: Row[] }> = {
  // Email: letters, digits, underscore, hyphen, at, domain with 2-3 letter suffix (one or two levels).
  email: {
    valid: [
      ['user@example.com', 'one suffix level, 3 letters'],
      ['user@example.cn', 'one suffix level, 2 letters'],
      ['user@example.com.cn', 'two suffix levels'],
      ['user@mail.sub.com', 'two levels of 2-3 letters'],
      ['First_Last-1@my-host_2.org', 'letters, digits, _ and - on both sides'],
      ['a@b.io', 'shortest parts'],
      ['USER@EXAMPLE.COM', 'upper-case letters'],
    ],
    invalid: [
      ['user@example.c', '1-letter suffix'],
      ['user@example.info', '4-letter suffix'],
      ['user@example.com.info', '4-letter second level'],
      ['user@example.com.cn.uk', 'three suffix levels'],
      ['user@mail.example.com', 'a 7-letter label is not a 2-3 letter suffix'],
      ['user@example', 'no suffix'],
      ['user@example.c0m', 'digit in the suffix'],
      ['first.last@example.com', 'dot in the local part'],
      ['user+tag@example.com', '+ in the local part'],
      ['@example.com', 'empty local part'],
      ['user@.com', 'empty domain'],
      ['user@@example.com', 'two at signs'],
      ['userexample.com', 'no at sign'],
      ['user name@example.com', 'space'],
      ['user@example.com.', 'trailing dot'],
      ['', 'empty'],
    ],
  },
  // Mobile phone: 11 digits starting with 1 then 3, 5, 7 or 8.
  mobilePhone: {
    valid: [
      ['13812345678', '13x'],
      ['15000000000', '15x'],
      ['17712345678', '17x'],
      ['18999999999', '18x'],
    ],
    invalid: [
      ['10812345678', '1 then 0'],
      ['11812345678', '1 then 1'],
      ['12812345678', '1 then 2'],
      ['14812345678', '1 then 4'],
      ['16812345678', '1 then 6'],
      ['19812345678', '1 then 9'],
      ['23812345678', 'does not start with 1'],
      ['1381234567', '10 digits'],
      ['138123456789', '12 digits'],
      ['1381234567a', 'a letter'],
      ['138-1234-5678', 'separators'],
      ['+8613812345678', 'country code'],
      [' 13812345678', 'leading space'],
      ['', 'empty'],
    ],
  },
  // Digits only.
  digits: {
    valid: [
      ['0', 'zero'],
      ['007', 'leading zeros are still digits'],
      ['1234567890', 'all digits'],
    ],
    invalid: [
      ['', 'empty'],
      ['-1', 'sign'],
      ['1.0', 'decimal point'],
      ['1a', 'letter'],
      [' 1', 'space'],
      ['１２', 'full-width digits'],
    ],
  },
  // Positive integer.
  positiveInteger: {
    valid: [
      ['1', 'one'],
      ['10', 'ten'],
      ['9007199254740993', 'any length'],
    ],
    invalid: [
      ['0', 'zero is not positive'],
      ['01', 'leading zero'],
      ['-1', 'negative'],
      ['+1', 'sign'],
      ['1.5', 'decimal'],
      ['1.0', 'decimal point'],
      ['1e3', 'exponent'],
      ['', 'empty'],
    ],
  },
  // Non-negative integer.
  nonNegativeInteger: {
    valid: [
      ['0', 'zero'],
      ['1', 'one'],
      ['100', 'hundred'],
    ],
    invalid: [
      ['00', 'double zero'],
      ['01', 'leading zero'],
      ['-1', 'negative'],
      ['-0', 'signed zero'],
      ['1.0', 'decimal point'],
      ['', 'empty'],
    ],
  },
  // Integer 1-100.
  integer1to100: {
    valid: [
      ['1', 'lower bound'],
      ['9', 'one digit'],
      ['10', 'two digits'],
      ['50', 'middle'],
      ['99', 'below upper bound'],
      ['100', 'upper bound'],
    ],
    invalid: [
      ['0', 'below lower bound'],
      ['101', 'above upper bound'],
      ['110', 'three digits above 100'],
      ['200', 'three digits above 100'],
      ['1000', 'four digits'],
      ['01', 'leading zero'],
      ['001', 'leading zeros'],
      ['-1', 'negative'],
      ['1.5', 'decimal'],
      ['', 'empty'],
    ],
  },
  // Non-negative decimal.
  nonNegativeDecimal: {
    valid: [
      ['0', 'zero'],
      ['0.5', 'fraction'],
      ['12', 'integer'],
      ['12.345', 'any number of decimals'],
      ['100.0', 'trailing zero'],
      ['0.000', 'zero with decimals'],
    ],
    invalid: [
      ['-1', 'negative'],
      ['-0.5', 'negative fraction'],
      ['.5', 'no integer part'],
      ['1.', 'no decimals after the point'],
      ['01.5', 'leading zero'],
      ['00', 'double zero'],
      ['1.2.3', 'two points'],
      ['1,5', 'comma'],
      ['abc', 'letters'],
      ['', 'empty'],
    ],
  },
  // Username: 4-32 characters from letters, digits and _ @ ! % ^ + = [ ] { } : , . / - ; ? < > $.
  accountName: {
    valid: [
      ['abcd', '4 characters (lower bound)'],
      ['a'.repeat(32), '32 characters (upper bound)'],
      ['user_01', 'letters, digits, underscore'],
      ['li.si-01', 'dot and hyphen'],
      ['_svc', 'underscore first'],
    ],
    invalid: [
      ['abc', '3 characters'],
      ['a'.repeat(33), '33 characters'],
      ['Admin', 'upper case (useradd refuses it)'],
      ['1234', 'digit first'],
      ['-abc', 'hyphen first'],
      ['.abc', 'dot first'],
      ['ab$c', '$'],
      ['ab<c', '<'],
      ['ab>c', '>'],
      ['ab;c', ';'],
      ['ab/c', '/'],
      ['ab@c', '@'],
      ['user name', 'space'],
    ],
  },
  userName: {
    valid: [
      ['abcd', '4 characters (lower bound)'],
      ['a'.repeat(32), '32 characters (upper bound)'],
      ['user_01', 'letters, digits, underscore'],
      ['Admin', 'upper case'],
      ['1234', 'digits only'],
      ['a_@!%^+=[]{}:,./-;?<>$', 'every allowed symbol'],
      ['john.doe@lab', 'dot and at'],
    ],
    invalid: [
      ['abc', '3 characters'],
      ['a'.repeat(33), '33 characters'],
      ['', 'empty'],
      ['user name', 'space'],
      ['user#1', '#'],
      ['user&1', '&'],
      ['user*1', '*'],
      ['user(1)', 'parentheses'],
      ['user~1', '~'],
      ['user|1', '|'],
      ['user\\1', 'backslash'],
      ['user"1', 'double quote'],
      ["user'1", 'single quote'],
      ['user`1', 'back-tick'],
      ['用户名字', 'Chinese characters'],
      ['usér', 'accented letter'],
    ],
  },
  // Name: letters, digits, underscore, hyphen, at least 1.
  name: {
    valid: [
      ['a', 'one character'],
      ['A_b-1', 'all kinds'],
      ['_', 'underscore alone'],
      ['-', 'hyphen alone'],
      ['x'.repeat(200), 'no upper bound'],
    ],
    invalid: [
      ['', 'empty'],
      ['a b', 'space'],
      ['a.b', 'dot'],
      ['a@b', 'at'],
      ['名字', 'Chinese characters'],
    ],
  },
  // Lowercase identifier: starts with lowercase letter or underscore, 3-16 total, lowercase, digits, underscore.
  lowercaseIdentifier: {
    valid: [
      ['abc', '3 characters (lower bound)'],
      ['a'.repeat(16), '16 characters (upper bound)'],
      ['_ab', 'starts with underscore'],
      ['a_1', 'letter, underscore, digit'],
      ['abc123', 'digits after the first'],
    ],
    invalid: [
      ['ab', '2 characters'],
      ['a'.repeat(17), '17 characters'],
      ['Abc', 'upper-case first'],
      ['aBc', 'upper case later'],
      ['1ab', 'digit first'],
      ['ab-c', 'hyphen'],
      ['ab.c', 'dot'],
      ['', 'empty'],
    ],
  },
  // Identifier: letter first then 2-14 letters, digits or underscores.
  identifier: {
    valid: [
      ['abc', 'letter + 2 (lower bound)'],
      ['A' + 'b'.repeat(14), 'letter + 14 (upper bound)'],
      ['a12', 'digits after the first'],
      ['a_b', 'underscore after the first'],
      ['Abc', 'upper-case first'],
    ],
    invalid: [
      ['ab', 'letter + 1'],
      ['A' + 'b'.repeat(15), 'letter + 15'],
      ['_ab', 'underscore first'],
      ['1ab', 'digit first'],
      ['ab-c', 'hyphen'],
      ['', 'empty'],
    ],
  },
  // 3-16 word characters.
  word3to16: {
    valid: [
      ['abc', '3 (lower bound)'],
      ['A'.repeat(16), '16 (upper bound)'],
      ['_12', 'underscore and digits'],
      ['123', 'digits only'],
    ],
    invalid: [
      ['ab', '2'],
      ['a'.repeat(17), '17'],
      ['ab-c', 'hyphen'],
      ['a b', 'space'],
      ['名字名', 'Chinese characters are not word characters'],
    ],
  },
  // Path-like: letters, digits, underscore, dot, slash.
  pathLike: {
    valid: [
      ['a', 'one letter'],
      ['/opt/app/bin', 'absolute path'],
      ['./data_1/file.txt', 'relative path with dots'],
      ['..', 'parent'],
    ],
    invalid: [
      ['', 'empty'],
      ['a b', 'space'],
      ['a-b', 'hyphen'],
      ['C:\\dir', 'colon and backslash'],
      ['~/x', 'tilde'],
      ['a*', 'wildcard'],
      ['数据/x', 'Chinese characters'],
    ],
  },
  // Name allowing Chinese characters.
  nameWithChinese: {
    valid: [
      ['张三', 'Chinese only'],
      ['项目A_1', 'Chinese, letters, digits, underscore'],
      ['test-name', 'ASCII with hyphen'],
      ['a', 'one letter'],
    ],
    invalid: [
      ['', 'empty'],
      ['张 三', 'space'],
      ['名字!', 'symbol'],
      ['a.b', 'dot'],
      ['김철수', 'Korean'],
      ['テスト', 'Japanese katakana'],
      ['名字，', 'full-width comma'],
    ],
  },
  // File name with extension.
  fileNameWithExtension: {
    valid: [
      ['report.pdf', 'name and extension'],
      ['job_1.sh', 'underscore and digit'],
      ['archive.tar.gz', 'two extensions'],
      ['my file.txt', 'space inside'],
      ['数据.csv', 'Chinese name'],
      ['a.b', 'shortest'],
      ['README.MD', 'upper-case extension'],
      ['v2.mp4', 'digit in extension'],
    ],
    invalid: [
      ['README', 'no extension'],
      ['report.', 'empty extension'],
      ['.bashrc', 'no name before the extension'],
      [' lead.txt', 'leading space'],
      ['dir/file.txt', 'slash'],
      ['dir\\file.txt', 'backslash'],
      ['a:b.txt', 'colon'],
      ['a*b.txt', 'asterisk'],
      ['a?.txt', 'question mark'],
      ['a"b.txt', 'double quote'],
      ['a<b>.txt', 'angle brackets'],
      ['a|b.txt', 'pipe'],
      ['file.t-t', 'hyphen in extension'],
      ['file.tx t', 'space in extension'],
      ['', 'empty'],
    ],
  },
  // IPv4 (the variant that allows a 0 first octet).
  ipv4: {
    valid: [
      ['0.0.0.0', 'all zeros'],
      ['0.1.2.3', '0 first octet allowed here'],
      ['10.0.0.1', 'private'],
      ['192.168.1.1', 'private'],
      ['255.255.255.255', 'upper bound'],
      ['199.249.200.251', 'every octet form'],
    ],
    invalid: [
      ['256.1.1.1', '256 first'],
      ['1.1.1.256', '256 last'],
      ['1.300.1.1', '300'],
      ['192.168.1', 'three octets'],
      ['192.168.1.1.1', 'five octets'],
      ['192.168.01.1', 'leading zero'],
      ['1.2.3.-4', 'negative'],
      ['a.b.c.d', 'letters'],
      ['1.2.3.4 ', 'trailing space'],
      ['1..2.3', 'empty octet'],
      ['', 'empty'],
    ],
  },
  // IPv4, the variant forbidding a leading 0 first octet.
  ipv4NoLeadingZero: {
    valid: [
      ['1.0.0.0', 'first octet 1'],
      ['10.0.0.0', 'two-digit first octet'],
      ['192.168.0.1', 'zeros after the first octet'],
      ['255.255.255.255', 'upper bound'],
    ],
    invalid: [
      ['0.1.2.3', 'first octet 0'],
      ['0.0.0.0', 'all zeros'],
      ['01.2.3.4', 'leading zero in the first octet'],
      ['001.2.3.4', 'two leading zeros'],
      ['1.02.3.4', 'leading zero in a later octet'],
      ['256.1.1.1', '256 first'],
      ['1.2.3.256', '256 last'],
      ['1.2.3', 'three octets'],
      ['1.2.3.4.5', 'five octets'],
      ['', 'empty'],
    ],
  },
  // Duration hh:mm:ss, hours unbounded, minutes and seconds 00-59.
  duration: {
    valid: [
      ['00:00:00', 'zero'],
      ['1:00:00', 'one-digit hours'],
      ['23:59:59', 'upper bound of minutes and seconds'],
      ['24:00:00', 'hours beyond a day'],
      ['12345:00:59', 'hours unbounded'],
    ],
    invalid: [
      ['00:60:00', '60 minutes'],
      ['00:00:60', '60 seconds'],
      ['01:99:00', '99 minutes'],
      ['1:5:00', 'one-digit minutes'],
      ['1:05:0', 'one-digit seconds'],
      ['1:05', 'no seconds'],
      ['1:00:00:00', 'four parts'],
      ['-1:00:00', 'negative hours'],
      ['a:00:00', 'letter'],
      [':00:00', 'no hours'],
      ['', 'empty'],
    ],
  },
  jobName: {
    valid: [
      ['a', 'one character'],
      ['md_run-2.v3', 'letters, digits and punctuation'],
      ['模拟', 'Chinese'],
      ['x'.repeat(128), '128 characters'],
    ],
    invalid: [
      ['', 'empty'],
      ['two words', 'a space'],
      ['a/b', 'a slash'],
      ['a\\b', 'a backslash'],
      ['tab\tname', 'a tab'],
      ['x'.repeat(129), '129 characters'],
    ],
  },
  keyName: {
    valid: [
      ['k', 'one character'],
      ['laptop-2026@home', 'punctuation'],
      ['x'.repeat(64), '64 characters'],
    ],
    invalid: [
      ['', 'empty'],
      ['my key', 'a space'],
      ['x'.repeat(65), '65 characters'],
    ],
  },
};

describe('patterns (spec section 5, shared patterns)', () => {
  it('has a table for every pattern', () => {
    expect(Object.keys(patternTables).sort()).toEqual(Object.keys(patterns).sort());
  });

  const keys = Object.keys(patterns).filter((k): k is keyof typeof patterns => k in patterns);
  for (const key of keys) {
    const table = patternTables[key];
    describe(key, () => {
      it.each(table.valid)('accepts %j (%s)', (example) => {
        expect(patterns[key].test(example)).toBe(true);
      });
      it.each(table.invalid)('rejects %j (%s)', (example) => {
        expect(patterns[key].test(example)).toBe(false);
      });
    });
  }

  describe('userName accepts each symbol of the spec set', () => {
    it.each('_@!%^+=[]{}:,./-;?<>$'.split(''))('%s', (symbol) => {
      expect(patterns.userName.test(`abc${symbol}`)).toBe(true);
    });
  });
});

describe('isDecimal001to10000 (decimal 0.01-10000 with at most 2 decimals)', () => {
  it.each<Row>([
    ['0.01', 'lower bound'],
    ['0.1', 'one decimal'],
    ['1', 'integer'],
    ['1.5', 'one decimal'],
    ['99.99', 'two decimals'],
    ['9999.99', 'just below the upper bound'],
    ['10000', 'upper bound'],
    ['10000.0', 'upper bound with one decimal'],
    ['10000.00', 'upper bound with two decimals'],
  ])('accepts %j (%s)', (example) => {
    expect(isDecimal001to10000(example)).toBe(true);
  });

  it.each<Row>([
    ['0', 'zero'],
    ['0.00', 'zero with decimals'],
    ['0.009', 'below the lower bound, three decimals'],
    ['0.001', 'three decimals'],
    ['1.234', 'three decimals'],
    ['10000.01', 'above the upper bound'],
    ['10001', 'above the upper bound'],
    ['-1', 'negative'],
    ['01', 'leading zero'],
    ['.5', 'no integer part'],
    ['1.', 'point without decimals'],
    ['1e3', 'exponent'],
    ['abc', 'letters'],
    [' 1', 'space'],
    ['', 'empty'],
  ])('rejects %j (%s)', (example) => {
    expect(isDecimal001to10000(example)).toBe(false);
  });
});

describe('checkPasswordStrength (spec section 5, modify password)', () => {
  it('knows the three strengths and their rules', () => {
    expect(PASSWORD_STRENGTHS).toEqual(['low', 'middle', 'high']);
    expect(passwordRule('low')).toEqual({ min: 4, kinds: 1 });
    expect(passwordRule('middle')).toEqual({ min: 6, kinds: 2 });
    expect(passwordRule('high')).toEqual({ min: 10, kinds: 3 });
  });

  it('counts exactly the spec symbols _@!%^+=[]{}:,./$', () => {
    expect(PASSWORD_SYMBOLS).toBe('_@!%^+=[]{}:,./$');
  });

  type StrengthRow = readonly [password: string, strength: PasswordStrength, expected: PasswordProblem | null, why: string];

  it.each<StrengthRow>([
    // empty is reported first, at every strength
    ['', 'low', 'empty', 'empty'],
    ['', 'middle', 'empty', 'empty'],
    ['', 'high', 'empty', 'empty'],

    // low: 4-32 characters, at least one kind
    ['abc', 'low', 'length', '3 characters'],
    ['abcd', 'low', null, '4 letters'],
    ['1234', 'low', null, '4 digits'],
    ['____', 'low', null, '4 symbols'],
    ['Ab1$', 'low', null, 'all three kinds'],
    ['a'.repeat(32), 'low', null, '32 characters'],
    ['a'.repeat(33), 'low', 'length', '33 characters'],
    ['ab-c', 'low', 'chars', 'hyphen is not a password symbol'],
    ['ab;c', 'low', 'chars', 'semicolon is not a password symbol'],
    ['ab?c', 'low', 'chars', 'question mark is not a password symbol'],
    ['ab<>', 'low', 'chars', 'angle brackets are not password symbols'],
    ['ab c', 'low', 'chars', 'space'],
    ['abc#', 'low', 'chars', '#'],
    ['密码密码', 'low', 'chars', 'Chinese characters'],

    // middle: 6-32 characters, at least two kinds
    ['abc12', 'middle', 'length', '5 characters'],
    ['abc123', 'middle', null, 'letters and digits'],
    ['abc$$$', 'middle', null, 'letters and symbols'],
    ['123...', 'middle', null, 'digits and symbols'],
    ['Ab1$xy', 'middle', null, 'all three kinds'],
    ['abcdef', 'middle', 'kinds', 'letters only'],
    ['ABCdef', 'middle', 'kinds', 'upper and lower case are one kind'],
    ['123456', 'middle', 'kinds', 'digits only'],
    ['@@@@@@', 'middle', 'kinds', 'symbols only'],
    ['a1' + 'b'.repeat(30), 'middle', null, '32 characters'],
    ['a1' + 'b'.repeat(31), 'middle', 'length', '33 characters'],
    ['abc-123', 'middle', 'chars', 'hyphen'],

    // high: 10-32 characters, all three kinds
    ['Abc123_xy', 'high', 'length', '9 characters'],
    ['Abc123_xyz', 'high', null, '10 characters, all three kinds'],
    ['a1_@!%^+=[]{}:,./$', 'high', null, 'every symbol'],
    ['abcdefghij', 'high', 'kinds', 'letters only'],
    ['abcde12345', 'high', 'kinds', 'no symbol'],
    ['abcde_____', 'high', 'kinds', 'no digit'],
    ['12345_____', 'high', 'kinds', 'no letter'],
    ['a1_' + 'b'.repeat(29), 'high', null, '32 characters'],
    ['a1_' + 'b'.repeat(30), 'high', 'length', '33 characters'],
    ['Abc123-xyz', 'high', 'chars', 'hyphen'],

    // precedence: empty, then length, then chars, then kinds
    ['a#', 'low', 'length', 'too short wins over a bad character'],
    ['aaaa#', 'high', 'length', 'too short wins over a bad character and missing kinds'],
    ['#'.repeat(33), 'low', 'length', 'too long wins over bad characters'],
    ['##########', 'high', 'chars', 'bad characters win over missing kinds'],
  ])('%j at %s → %s (%s)', (password, strength, expected) => {
    expect(checkPasswordStrength(password, strength)).toBe(expected);
  });

  describe('each spec symbol counts as the symbol kind', () => {
    it.each(PASSWORD_SYMBOLS.split(''))('%s', (symbol) => {
      expect(checkPasswordStrength(`abcdefgh1${symbol}`, 'high')).toBeNull();
      expect(checkPasswordStrength(`abcde${symbol}`, 'middle')).toBeNull();
      expect(checkPasswordStrength(symbol.repeat(4), 'low')).toBeNull();
    });
  });

  it('keeps the description limit of 128', () => {
    expect(DESCRIPTION_MAX).toBe(128);
  });
});
