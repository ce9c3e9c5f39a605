// Assembles the Java reference engine's test corpus: case files (:JSON, :TEMPLATE, :OUTPUT) from the test
// resources of the Apache-2.0 licensed Squarespace/template-compiler repository, written to
// bench/.corpus-java/<path under the test resources> at the commit listed here.
//
//   node bench/java-corpus.js                  # fetch what is missing (needs raw.githubusercontent.com)
//   node bench/java-corpus.js --list           # print the manifest and which files are present
//   node bench/java-corpus.js --from <file>    # take files from a JSON-lines file of {repo, path, text}
//                                              # rows (fetched some other way), for the listed paths only
//   node bench/fidelity.js --cases bench/.corpus-java   # count the cases each engine passes
//
// The files stay out of the repository (bench/.gitignore ignores .corpus-java/); only this list of where
// they come from is committed. Add a row to grow the corpus.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpusDir = path.join(here, '.corpus-java');
const REPO = 'Squarespace/template-compiler';
const BASE = 'core/src/test/resources/com/squarespace/template/';

const row = (commit, file) => ({ repo: REPO, commit, path: BASE + file });

export const MANIFEST = [
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-image-1.html'),
  row('cfefa85e15995bbc67d12c733f1b4643023e824b', 'plugins/platform/f-google-calendar-url-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-cart-subtotal-1.html'),
  row('dae56267afe0779517deed7e8b55c0bb9d65ed77', 'plugins/platform/f-image-meta-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-like-button-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-comments-3.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-product-price-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-humanize-duration-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-from-price-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-comment-link-3.html'),
  row('dae56267afe0779517deed7e8b55c0bb9d65ed77', 'plugins/platform/f-cover-image-meta-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-message-datetime-interval-en-US.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-migrate-decimal-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-migrate-money-1.html'),
  row('ddd9ccc0b2ddc5895605a7cb79b878f452c6b955', 'plugins/platform/i18n/f-datetime-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-decimal-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-message-units-en-US.html'),
  row('176f89d530f8fcaf361f02d59d8db2a8ef41f9a0', 'plugins/platform/i18n/f-relative-time-1.html'),
  row('1923208cb512888319c13744b63de7c6b6c5e635', 'plugins/platform/i18n/f-datetime-interval-1.html'),
  row('5f405fa1a2ef2e7f21b22224ed4dbab39ed7e21e', 'plugins/platform/f-product-price-3.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-image-2.html'),
  row('dbd94f41cd1fca313a5210c8a83163fe8136ae76', 'plugins/platform/f-money-string-2.html'),
  row('3a5982b5ab50d2c0e619d2fb6a6bf877a257bc68', 'plugins/platform/f-child-image-meta-2.html'),
  row('d130171979e04d4f48dd479aadffa60ac8e450dd', 'plugins/platform/f-image-7.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-from-price-4.html'),
  row('8167ec8229f661d04dd565d3804b0fdb17b3b6e7', 'plugins/platform/f-product-price-10.html'),
  row('3918f06faaa5294e61efa62290f9acd24155ab6c', 'plugins/platform/f-activate-twitter-links-1.html'),
  row('a0f4995fa7e79566778ce76e6aaef939779088f0', 'plugins/f-apply-2.html'),
  row('2de694ee0274b315bcbafb9b43b87f572d25ad92', 'plugins/f-macro-1.html'),
  row('a520cfb18fdfefda1ff7ed9e486a7beb3b1f614d', 'plugins/f-get-5.html'),
  row('fee7b9600417cbb4678f84c9dd572103ec7ed8c5', 'eval-1.html'),
  row('e0698831be083bc1b7e9f649a295d4986db0a4d7', 'plugins/f-truncate-1.html'),
  row('ae5c90bdedfd5755e30b642db16ef827430ae172', 'plugins/f-key-by-1.html'),
  row('7f1f45230c01ab9208d7f10229eccd82c74e11ef', 'plugins/f-format-1.html'),
  row('7d7fa6a5978b131780175b8dce85bb9c34a76e27', 'plugins/f-macro-ctx-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-migrate-datetime-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-message-named-args.html'),
  row('0a59b4e8fe087ced08a84ee179c219b13f84cace', 'plugins/platform/i18n/f-message-subpath-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-comment-count-2.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-normal-price-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-percentage-format-2.html'),
  row('e73b46adf72c16a0a1da88f6b24b8b0d41ce071e', 'plugins/platform/f-cart-quantity-3.html'),
  row('fee7b9600417cbb4678f84c9dd572103ec7ed8c5', 'eval-2.html'),
  row('fee7b9600417cbb4678f84c9dd572103ec7ed8c5', 'eval-3.html'),
  row('fee7b9600417cbb4678f84c9dd572103ec7ed8c5', 'eval-4.html'),
  row('fee7b9600417cbb4678f84c9dd572103ec7ed8c5', 'eval-5.html'),
  row('d50e1ce4ab81c94a9c743ee5ba7109e760332823', 'eval-6.html'),
  row('d50e1ce4ab81c94a9c743ee5ba7109e760332823', 'eval-7.html'),
  row('fee7b9600417cbb4678f84c9dd572103ec7ed8c5', 'eval-8.html'),
  row('d50e1ce4ab81c94a9c743ee5ba7109e760332823', 'eval-9.html'),
  row('fee7b9600417cbb4678f84c9dd572103ec7ed8c5', 'eval-10.html'),
  row('fee7b9600417cbb4678f84c9dd572103ec7ed8c5', 'eval-11.html'),
  row('d50e1ce4ab81c94a9c743ee5ba7109e760332823', 'eval-12.html'),
  row('8810ce72db1335dec2b7ca7a923d156fdec2ae0c', 'f-inject-1.html'),
  row('e8d63399c06cf6074b4311a33192c3544bb1adb6', 'f-inject-2.html'),
  row('25188cb0fe957dadd5dd377890b0594a90fdc106', 'compat/compat-level-1.html'),
  row('5c7ef633e8a418dead3a7756fe34f0cdd78d57e5', 'plugins/f-apply-1.html'),
  row('a0f4995fa7e79566778ce76e6aaef939779088f0', 'plugins/f-apply-3.html'),
  row('ccf2f0736fd7c2b1cf437f6321601666647278bb', 'plugins/f-compare-total-order-1.html'),
  row('ccf2f0736fd7c2b1cf437f6321601666647278bb', 'plugins/f-compare-total-order-2.html'),
  row('b3f552a4f5675cf01591fd3dd68c1b72cdbb7acd', 'plugins/f-count-1.html'),
  row('f97db865d597f6c9c3910c4e40dede9cc29c8622', 'plugins/f-date-timezone-null-1.html'),
  row('f97db865d597f6c9c3910c4e40dede9cc29c8622', 'plugins/f-date-timezone-null-2.html'),
  row('785ef62a6878086f498c75dffed45865e36f6b45', 'plugins/f-date-week-1.html'),
  row('785ef62a6878086f498c75dffed45865e36f6b45', 'plugins/f-date-week-2.html'),
  row('785ef62a6878086f498c75dffed45865e36f6b45', 'plugins/f-date-week-3.html'),
  row('1eaea9d2379112cc957f211f88ee3e5a3def5454', 'plugins/f-encode-space-1.html'),
  row('1eaea9d2379112cc957f211f88ee3e5a3def5454', 'plugins/f-encode-space-2.html'),
  row('65c00d0144cb9d6301bdf435ae7e5fad5c6efb3c', 'plugins/f-find-first-1.html'),
  row('c8bdad1759dcb3d3a93ce68301cb2a26b5d94359', 'plugins/f-find-first-2.html'),
  row('c8bdad1759dcb3d3a93ce68301cb2a26b5d94359', 'plugins/f-find-first-3.html'),
  row('65c00d0144cb9d6301bdf435ae7e5fad5c6efb3c', 'plugins/f-find-last-1.html'),
  row('65c00d0144cb9d6301bdf435ae7e5fad5c6efb3c', 'plugins/f-find-last-2.html'),
  row('65c00d0144cb9d6301bdf435ae7e5fad5c6efb3c', 'plugins/f-find-last-3.html'),
  row('7f1f45230c01ab9208d7f10229eccd82c74e11ef', 'plugins/f-format-2.html'),
  row('7f1f45230c01ab9208d7f10229eccd82c74e11ef', 'plugins/f-format-3.html'),
  row('b9af6cc8dd30f9ce11a2e942682d072756c11ca8', 'plugins/f-get-1.html'),
  row('b9af6cc8dd30f9ce11a2e942682d072756c11ca8', 'plugins/f-get-2.html'),
  row('b9af6cc8dd30f9ce11a2e942682d072756c11ca8', 'plugins/f-get-3.html'),
  row('b9af6cc8dd30f9ce11a2e942682d072756c11ca8', 'plugins/f-get-4.html'),
  row('fe54f3d236682c58f652297ef6603a98022629cb', 'plugins/f-get-6.html'),
  row('fe54f3d236682c58f652297ef6603a98022629cb', 'plugins/f-get-7.html'),
  row('8fccbf3e0dcfdde325ff02d162cfd8fc1e98078e', 'plugins/f-htmlattr-quote-1.html'),
  row('8fccbf3e0dcfdde325ff02d162cfd8fc1e98078e', 'plugins/f-htmlattr-quote-2.html'),
  row('5c7ef633e8a418dead3a7756fe34f0cdd78d57e5', 'plugins/f-json-1.html'),
  row('5c7ef633e8a418dead3a7756fe34f0cdd78d57e5', 'plugins/f-json-2.html'),
  row('5c7ef633e8a418dead3a7756fe34f0cdd78d57e5', 'plugins/f-json-3.html'),
  row('5c7ef633e8a418dead3a7756fe34f0cdd78d57e5', 'plugins/f-json-4.html'),
  row('5c7ef633e8a418dead3a7756fe34f0cdd78d57e5', 'plugins/f-json-5.html'),
  row('de288d1c4e596d1d51c051eed0174c56d8ae840d', 'plugins/f-json-line-separators-1.html'),
  row('de288d1c4e596d1d51c051eed0174c56d8ae840d', 'plugins/f-json-line-separators-2.html'),
  row('5c7ef633e8a418dead3a7756fe34f0cdd78d57e5', 'plugins/f-json-pretty-1.html'),
  row('ea8660a123b5bf083f190c8a42a2859d1c7a3ca5', 'plugins/f-json-pretty-2.html'),
  row('40cd9d8cbcc27c9041d52b334211bf2477c57155', 'plugins/f-json-pretty-3.html'),
  row('de288d1c4e596d1d51c051eed0174c56d8ae840d', 'plugins/f-json-pretty-line-separators-1.html'),
  row('de288d1c4e596d1d51c051eed0174c56d8ae840d', 'plugins/f-json-pretty-line-separators-2.html'),
  row('8d2346f5ca030aa6400e45157b3ed4a86708e8bf', 'plugins/f-line-breaks-1.html'),
  row('2de694ee0274b315bcbafb9b43b87f572d25ad92', 'plugins/f-macro-2.html'),
  row('2de694ee0274b315bcbafb9b43b87f572d25ad92', 'plugins/f-macro-3.html'),
  row('d70b406ce4edcd1c023ee951f0641f53a5e5ca87', 'plugins/f-macro-4.html'),
  row('2de694ee0274b315bcbafb9b43b87f572d25ad92', 'plugins/f-macro-5.html'),
  row('2de694ee0274b315bcbafb9b43b87f572d25ad92', 'plugins/f-macro-6.html'),
  row('2de694ee0274b315bcbafb9b43b87f572d25ad92', 'plugins/f-macro-7.html'),
  row('53e043680313b275028c6e0ffeab972b35aee7c8', 'plugins/f-macro-8.html'),
  row('31fc7a63e7a83d25360f961a3815f8e3176725dc', 'plugins/f-macro-9.html'),
  row('53e043680313b275028c6e0ffeab972b35aee7c8', 'plugins/f-macro-10.html'),
  row('b05ed939499dd0d7642b887e2fc30407881d8193', 'plugins/f-macro-11.html'),
  row('d791d8ed9f838830156c0b2a2fc487f2e1490843', 'plugins/f-macro-12.html'),
  row('e3963d6105048bd1d05c6366aaca325a4ab8da18', 'plugins/f-mod-zero-1.html'),
  row('e3963d6105048bd1d05c6366aaca325a4ab8da18', 'plugins/f-mod-zero-2.html'),
  row('430579b890f4f426b0c4761f7a967e835b47d1ec', 'plugins/f-nth-modulo-zero-1.html'),
  row('430579b890f4f426b0c4761f7a967e835b47d1ec', 'plugins/f-nth-modulo-zero-2.html'),
  row('1850b807761b51ec232d6f8c71859cf2e9c726a0', 'plugins/f-prop-1.html'),
  row('1850b807761b51ec232d6f8c71859cf2e9c726a0', 'plugins/f-prop-2.html'),
  row('1850b807761b51ec232d6f8c71859cf2e9c726a0', 'plugins/f-prop-3.html'),
  row('40837f2f8ba25546f3e38869fe42cc07b69a7ec2', 'plugins/f-truncate-2.html'),
  row('40837f2f8ba25546f3e38869fe42cc07b69a7ec2', 'plugins/f-truncate-3.html'),
  row('950da63db676339667cd37747ec2de3302504899', 'preprocessor-1.html'),
  row('950da63db676339667cd37747ec2de3302504899', 'preprocessor-2.html'),
  row('950da63db676339667cd37747ec2de3302504899', 'preprocessor-3.html'),
  row('950da63db676339667cd37747ec2de3302504899', 'preprocessor-4.html'),
  row('fcab8b5f5c5583193118a0e0a2a400fb07cbb45e', 'plugins/platform/f-activate-twitter-links-2.html'),
  row('fcab8b5f5c5583193118a0e0a2a400fb07cbb45e', 'plugins/platform/f-activate-twitter-links-3.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/p-current-type.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/p-has-variants.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-add-to-cart-btn-1.html'),
  row('57968a655ba76348673d7a11da8f6f9f9a6d1743', 'plugins/platform/f-add-to-cart-btn-10.html'),
  row('ac479eede061d72b975bbd54920dd12d4bf90e76', 'plugins/platform/f-add-to-cart-btn-2.html'),
  row('ac479eede061d72b975bbd54920dd12d4bf90e76', 'plugins/platform/f-add-to-cart-btn-3.html'),
  row('cdbfdaa58354f992711dfef80adab83fdd4caf08', 'plugins/platform/f-add-to-cart-btn-4.html'),
  row('cdbfdaa58354f992711dfef80adab83fdd4caf08', 'plugins/platform/f-add-to-cart-btn-5.html'),
  row('ac479eede061d72b975bbd54920dd12d4bf90e76', 'plugins/platform/f-add-to-cart-btn-6.html'),
  row('ac479eede061d72b975bbd54920dd12d4bf90e76', 'plugins/platform/f-add-to-cart-btn-7.html'),
  row('d89f9547bc171baa0909064a5b682e3b0ce3b9db', 'plugins/platform/f-add-to-cart-btn-8.html'),
  row('5acef3b4cfac8e01b3a3b74cb43787762f655055', 'plugins/platform/f-add-to-cart-btn-9.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-add-to-cart-btn-subscribable-attribute-true.html'),
  row('e73b46adf72c16a0a1da88f6b24b8b0d41ce071e', 'plugins/platform/f-cart-quantity-4.html'),
  row('e73b46adf72c16a0a1da88f6b24b8b0d41ce071e', 'plugins/platform/f-cart-quantity-5.html'),
  row('e73b46adf72c16a0a1da88f6b24b8b0d41ce071e', 'plugins/platform/f-cart-quantity-6.html'),
  row('e73b46adf72c16a0a1da88f6b24b8b0d41ce071e', 'plugins/platform/f-cart-quantity-7.html'),
  row('dbd94f41cd1fca313a5210c8a83163fe8136ae76', 'plugins/platform/f-cart-subtotal-2.html'),
  row('dbd94f41cd1fca313a5210c8a83163fe8136ae76', 'plugins/platform/f-cart-subtotal-3.html'),
  row('dbd94f41cd1fca313a5210c8a83163fe8136ae76', 'plugins/platform/f-cart-subtotal-4.html'),
  row('dbd94f41cd1fca313a5210c8a83163fe8136ae76', 'plugins/platform/f-cart-subtotal-5.html'),
  row('dae56267afe0779517deed7e8b55c0bb9d65ed77', 'plugins/platform/f-child-image-meta-1.html'),
  row('dae56267afe0779517deed7e8b55c0bb9d65ed77', 'plugins/platform/f-child-image-meta-3.html'),
  row('dae56267afe0779517deed7e8b55c0bb9d65ed77', 'plugins/platform/f-child-image-meta-4.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-child-image-meta-5.html'),
  row('dae56267afe0779517deed7e8b55c0bb9d65ed77', 'plugins/platform/f-child-image-meta-6.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-from-price-3.html'),
  row('cfefa85e15995bbc67d12c733f1b4643023e824b', 'plugins/platform/f-from-price-5.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-from-price-6.html'),
  row('3a5982b5ab50d2c0e619d2fb6a6bf877a257bc68', 'plugins/platform/f-image-3.html'),
  row('3a5982b5ab50d2c0e619d2fb6a6bf877a257bc68', 'plugins/platform/f-image-4.html'),
  row('e07c8f4e06986e95d5223eba4bb57e535a122888', 'plugins/platform/f-image-5.html'),
  row('dae56267afe0779517deed7e8b55c0bb9d65ed77', 'plugins/platform/f-image-6.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-image-meta-2.html'),
  row('a063d50c06823c981cee1c0f068c7b888fe8fe45', 'plugins/platform/f-image-src-set-1.html'),
  row('041565d6d732c2d73869e9b6a7b56b54a0ad7af4', 'plugins/platform/f-image-src-set-2.html'),
  row('70d5d57074786a8c8c5bc7361ce7d23b22fe3415', 'plugins/platform/f-image-srcset-1.html'),
  row('70d5d57074786a8c8c5bc7361ce7d23b22fe3415', 'plugins/platform/f-image-srcset-3.html'),
  row('70d5d57074786a8c8c5bc7361ce7d23b22fe3415', 'plugins/platform/f-image-srcset-4.html'),
  row('70d5d57074786a8c8c5bc7361ce7d23b22fe3415', 'plugins/platform/f-image-srcset-5.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-money-format-1.html'),
  row('eb853ec7a2ceebf894cbd815622bf5ff3b408ab1', 'plugins/platform/f-money-format-3.html'),
  row('eb853ec7a2ceebf894cbd815622bf5ff3b408ab1', 'plugins/platform/f-money-format-4.html'),
  row('dbd94f41cd1fca313a5210c8a83163fe8136ae76', 'plugins/platform/f-money-format-5.html'),
  row('dbd94f41cd1fca313a5210c8a83163fe8136ae76', 'plugins/platform/f-money-format-6.html'),
  row('dbd94f41cd1fca313a5210c8a83163fe8136ae76', 'plugins/platform/f-money-format-7.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-money-string-1.html'),
  row('dbd94f41cd1fca313a5210c8a83163fe8136ae76', 'plugins/platform/f-money-string-3.html'),
  row('dbd94f41cd1fca313a5210c8a83163fe8136ae76', 'plugins/platform/f-money-string-4.html'),
  row('dbd94f41cd1fca313a5210c8a83163fe8136ae76', 'plugins/platform/f-money-string-5.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-normal-price-3.html'),
  row('67002cef7cd570dc8377ef68e61158f5150d5fe5', 'plugins/platform/f-product-checkout-1.html'),
  row('5f405fa1a2ef2e7f21b22224ed4dbab39ed7e21e', 'plugins/platform/f-product-price-6.html'),
  row('8167ec8229f661d04dd565d3804b0fdb17b3b6e7', 'plugins/platform/f-product-price-8.html'),
  row('8167ec8229f661d04dd565d3804b0fdb17b3b6e7', 'plugins/platform/f-product-price-9.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-product-price-finite-subscription-bi-monthly.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-product-price-finite-subscription-bi-weekly-for-a-year.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-product-price-finite-subscription-bi-weekly.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-product-price-finite-subscription-from-bi-monthly.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-product-price-finite-subscription-from-bi-weekly.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-product-price-finite-subscription-from-monthly.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-product-price-finite-subscription-from-weekly.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-product-price-finite-subscription-monthly.html'),
  row('e7df1ac95ee9ebc7e11c94fbe13edcaca6a034c4', 'plugins/platform/f-product-price-finite-subscription-on-sale-bi-monthly.html'),
  row('e7df1ac95ee9ebc7e11c94fbe13edcaca6a034c4', 'plugins/platform/f-product-price-finite-subscription-on-sale-bi-weekly.html'),
  row('5f405fa1a2ef2e7f21b22224ed4dbab39ed7e21e', 'plugins/platform/f-product-price-finite-subscription-on-sale-monthly.html'),
  row('5f405fa1a2ef2e7f21b22224ed4dbab39ed7e21e', 'plugins/platform/f-product-price-finite-subscription-on-sale-weekly.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-product-price-finite-subscription-weekly.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-product-price-subscription-from-monthly.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-product-price-subscription-from-weekly.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/f-product-price-subscription-monthly.html'),
  row('e7df1ac95ee9ebc7e11c94fbe13edcaca6a034c4', 'plugins/platform/f-product-price-subscription-on-sale-bi-monthly.html'),
  row('5f405fa1a2ef2e7f21b22224ed4dbab39ed7e21e', 'plugins/platform/f-product-price-subscription-on-sale-bi-weekly.html'),
  row('5f405fa1a2ef2e7f21b22224ed4dbab39ed7e21e', 'plugins/platform/f-product-price-subscription-on-sale-monthly.html'),
  row('e7df1ac95ee9ebc7e11c94fbe13edcaca6a034c4', 'plugins/platform/f-product-price-subscription-on-sale-weekly.html'),
  row('ad47eb4bca95f4e5c1fdac63ad9573ecee0c2393', 'plugins/platform/i18n/f-datetime-interval-multi-locale-1.html'),
  row('ad47eb4bca95f4e5c1fdac63ad9573ecee0c2393', 'plugins/platform/i18n/f-datetime-multi-locale-1.html'),
  row('4684dbdacb842ad42bff1fc7fcb442b51eac3f16', 'plugins/platform/i18n/f-datetime-multi-locale-2.html'),
  row('ad47eb4bca95f4e5c1fdac63ad9573ecee0c2393', 'plugins/platform/i18n/f-decimal-multi-locale-1.html'),
  row('1923208cb512888319c13744b63de7c6b6c5e635', 'plugins/platform/i18n/f-message-datetime-interval-fr-FR.html'),
  row('0f150df3a892777cf0133eab1c68aa307bb85369', 'plugins/platform/i18n/f-message-literal-args-legacy.html'),
  row('0f150df3a892777cf0133eab1c68aa307bb85369', 'plugins/platform/i18n/f-message-literal-args.html'),
  row('ad47eb4bca95f4e5c1fdac63ad9573ecee0c2393', 'plugins/platform/i18n/f-message-multi-locale-1.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-message-plural-fr-FR.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-message-plural-pl-PL.html'),
  row('0a59b4e8fe087ced08a84ee179c219b13f84cace', 'plugins/platform/i18n/f-message-subpath-2.html'),
  row('0a59b4e8fe087ced08a84ee179c219b13f84cace', 'plugins/platform/i18n/f-message-subpath-3.html'),
  row('0a59b4e8fe087ced08a84ee179c219b13f84cace', 'plugins/platform/i18n/f-message-subpath-4.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-message-units-fr-FR.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/f-migrate-message-1.html'),
  row('a345109df4909ab500e2cef9d33ae3e4ce7f6b42', 'plugins/platform/i18n/f-migrate-money-multi-locale-1.html'),
  row('ad47eb4bca95f4e5c1fdac63ad9573ecee0c2393', 'plugins/platform/i18n/f-relative-time-multi-locale-1.html'),
  row('8e6bb119f9cbf7f62cee73d5e47f51d8191a8fd1', 'plugins/platform/i18n/i18n-money-format-1.html'),
  row('eb853ec7a2ceebf894cbd815622bf5ff3b408ab1', 'plugins/platform/i18n/i18n-money-format-10.html'),
  row('8e6bb119f9cbf7f62cee73d5e47f51d8191a8fd1', 'plugins/platform/i18n/i18n-money-format-2.html'),
  row('8e6bb119f9cbf7f62cee73d5e47f51d8191a8fd1', 'plugins/platform/i18n/i18n-money-format-3.html'),
  row('8e6bb119f9cbf7f62cee73d5e47f51d8191a8fd1', 'plugins/platform/i18n/i18n-money-format-4.html'),
  row('8e6bb119f9cbf7f62cee73d5e47f51d8191a8fd1', 'plugins/platform/i18n/i18n-money-format-5.html'),
  row('8e6bb119f9cbf7f62cee73d5e47f51d8191a8fd1', 'plugins/platform/i18n/i18n-money-format-6.html'),
  row('8e6bb119f9cbf7f62cee73d5e47f51d8191a8fd1', 'plugins/platform/i18n/i18n-money-format-7.html'),
  row('e9dcd6c4581a309fa38efc1681039772a7cbc3b1', 'plugins/platform/i18n/i18n-money-format-8.html'),
  row('eb853ec7a2ceebf894cbd815622bf5ff3b408ab1', 'plugins/platform/i18n/i18n-money-format-9.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-AUD-en_UK.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-AUD-fr_FR.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-AUD-sv_SE.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-CAD-en_UK.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-CAD-en_US.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-CAD-fr_FR.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-CAD-sv_SE-jdk9.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-GBP-de_DE.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-GBP-en_UK.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-JPY-de_DE.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-JPY-en_UK.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-JPY-en_US.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-JPY-es_US.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-SEK-en_UK.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-SEK-en_US.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-USD-de_DE.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-USD-en_UK.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-USD-en_US.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-USD-es_US.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-CAD-sv_SE.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-EUR-fr_FR.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-EUR-sv_SE.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-EUR-sv_SE-jdk9.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-GBP-fr_FR.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-GBP-sv_SE.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-JPY-fr_FR.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-JPY-sv_SE.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-SEK-sv_SE.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-USD-fr_FR.html'),
  row('08676194f288a00598b1eb0d82f6e8088a9e4933', 'plugins/platform/i18n/i18n-money-format-USD-sv_SE.html'),
];

const target = (r) => path.join(corpusDir, r.path.slice(BASE.length));

function importFrom(file) {
  const listed = new Map(MANIFEST.map((r) => [`${r.repo}/${r.path}`, r]));
  let written = 0;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const rec = JSON.parse(line);
    const r = listed.get(`${rec.repo}/${rec.path}`);
    if (r === undefined || typeof rec.text !== 'string') continue;
    fs.mkdirSync(path.dirname(target(r)), { recursive: true });
    fs.writeFileSync(target(r), rec.text);
    written++;
  }
  console.log(`java corpus: ${written} written from ${file}, ${MANIFEST.length} listed, in ${corpusDir}`);
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--list')) {
    for (const r of MANIFEST) console.log(`${fs.existsSync(target(r)) ? 'present' : 'missing'}  ${r.repo}@${r.commit.slice(0, 10)} ${r.path}`);
    return;
  }
  const fromAt = argv.indexOf('--from');
  if (fromAt >= 0) {
    importFrom(argv[fromAt + 1]);
    return;
  }
  let fetched = 0;
  for (const r of MANIFEST) {
    const file = target(r);
    if (fs.existsSync(file)) continue;
    const url = `https://raw.githubusercontent.com/${r.repo}/${r.commit}/${r.path}`;
    const res = await fetch(url);
    if (!res.ok) {
      console.log(`${res.status} ${url}`);
      continue;
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await res.text());
    fetched++;
  }
  console.log(`java corpus: ${fetched} fetched, ${MANIFEST.length} listed, in ${corpusDir}`);
}

main().catch((e) => {
  console.error(`java corpus: ${e.message}`);
  process.exitCode = 1;
});
