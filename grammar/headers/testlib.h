// jurybox's recording stand-in for testlib.h, for validators only. Written
// for jurybox from testlib's documented validator interface, not copied from
// testlib: the reading calls a validator makes (registerValidation, inf.read*,
// ensure/ensuref, quitf, setTestCase, validator.testset()/group(), pattern)
// with their strict checks, each read recorded by jurybox_recorder.h. Accepts
// with exit code 0, rejects with 3 and a message, as testlib's validators do.
#pragma once

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "jurybox_recorder.h"

enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3, _dirt = 4, _points = 5, _unexpected_eof = 8, _partially = 16 };

inline std::string format(const char* fmt, ...) {
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}

template <typename T>
std::string toString(const T& v) {
    return std::to_string(v);
}
inline std::string toString(const std::string& v) { return v; }
template <typename T>
std::string vtos(const T& v) {
    return toString(v);
}

// testlib's patterns: a character set with a count, then the rest; '|' at
// depth 0 separates alternatives; counts are taken greedily, never given back.
class pattern {
  public:
    pattern(std::string s) : src_(s) {
        std::string t;
        for (size_t i = 0; i < s.size(); i++)
            if (!command(s, i, ' ')) t += s[i];
        build(t);
    }
    bool matches(const std::string& s) const { return match_from(s, 0); }
    std::string src() const { return src_; }

  private:
    pattern() = default;
    std::string src_;
    std::vector<pattern> children_;
    std::vector<char> chars_;
    int from_ = 0, to_ = 0;

    static bool command(const std::string& s, size_t pos, char c) {
        if (pos >= s.size() || s[pos] != c) return false;
        size_t slashes = 0;
        while (slashes < pos && s[pos - 1 - slashes] == '\\') slashes++;
        return slashes % 2 == 0;
    }
    static char take(const std::string& s, size_t& pos) {
        if (s[pos] == '\\' && pos + 1 < s.size()) pos++;
        return s[pos++];
    }
    [[noreturn]] static void bad(const std::string& s) {
        jurybox_record::recorder().reject("illegal pattern \"" + s + "\"");
    }
    void build(const std::string& s) {
        int open = 0, first_close = -1;
        std::vector<size_t> seps;
        for (size_t i = 0; i < s.size(); i++) {
            if (command(s, i, '(')) open++;
            else if (command(s, i, ')')) {
                if (--open == 0 && first_close < 0) first_close = (int)i;
                if (open < 0) bad(s);
            } else if (open == 0 && command(s, i, '|')) seps.push_back(i);
        }
        if (open != 0) bad(s);
        if (seps.empty() && !s.empty() && first_close + 1 == (int)s.size() && command(s, 0, '(')) {
            children_.push_back(pattern());
            children_.back().build(s.substr(1, s.size() - 2));
            return;
        }
        if (!seps.empty()) {
            seps.push_back(s.size());
            size_t last = 0;
            for (size_t sep : seps) {
                children_.push_back(pattern());
                children_.back().build(s.substr(last, sep - last));
                last = sep + 1;
            }
            return;
        }
        if (s.empty()) bad(s);
        size_t pos = 0;
        if (command(s, 0, '[')) {
            pos = 1;
            bool negative = command(s, pos, '^');
            if (negative) pos++;
            std::vector<char> set;
            while (pos < s.size() && !command(s, pos, ']')) {
                char a = take(s, pos);
                if (command(s, pos, '-') && pos + 1 < s.size() && !command(s, pos + 1, ']')) {
                    pos++;
                    char b = take(s, pos);
                    if (a > b) bad(s);
                    for (int c = a; c <= b; c++) set.push_back((char)c);
                } else {
                    set.push_back(a);
                }
            }
            if (!command(s, pos, ']')) bad(s);
            pos++;
            std::sort(set.begin(), set.end());
            if (negative) {
                std::vector<char> rest;
                for (int c = 0; c < 255; c++)
                    if (!std::binary_search(set.begin(), set.end(), (char)c)) rest.push_back((char)c);
                set = rest;
                std::sort(set.begin(), set.end());
            }
            chars_ = set;
        } else {
            chars_.push_back(take(s, pos));
        }
        from_ = to_ = 1;
        if (command(s, pos, '{')) {
            size_t close = pos + 1;
            while (close < s.size() && !command(s, close, '}')) close++;
            if (close >= s.size()) bad(s);
            std::string inner = s.substr(pos + 1, close - pos - 1);
            size_t comma = inner.find(',');
            if (comma == std::string::npos) from_ = to_ = std::atoi(inner.c_str());
            else from_ = std::atoi(inner.substr(0, comma).c_str()), to_ = std::atoi(inner.substr(comma + 1).c_str());
            if (from_ > to_ || inner.empty()) bad(s);
            pos = close + 1;
        } else if (command(s, pos, '?')) from_ = 0, to_ = 1, pos++;
        else if (command(s, pos, '*')) from_ = 0, to_ = 1 << 30, pos++;
        else if (command(s, pos, '+')) from_ = 1, to_ = 1 << 30, pos++;
        if (pos < s.size()) {
            children_.push_back(pattern());
            children_.back().build(s.substr(pos));
        }
    }
    bool match_from(const std::string& s, size_t pos) const {
        if (to_ > 0) {
            size_t run = 0;
            while (pos + run < s.size() && std::binary_search(chars_.begin(), chars_.end(), s[pos + run])) run++;
            if (run < (size_t)from_) return false;
            pos += std::min(run, (size_t)to_);
        }
        if (children_.empty()) return pos == s.size();
        for (const pattern& c : children_)
            if (c.match_from(s, pos)) return true;
        return false;
    }
};

#define JURYBOX_HERE jurybox_record::Site site = jurybox_record::here()
#define JURYBOX_CALL jurybox_record::call_of(__builtin_return_address(0))

class InStream {
  public:
    jurybox_record::Recorder& r() { return jurybox_record::recorder(); }

    __attribute__((noinline)) int readInt(int lo, int hi, const std::string& name = "", JURYBOX_HERE) {
        return (int)integer(lo, hi, name, site, JURYBOX_CALL, "");
    }
    __attribute__((noinline)) int readInt(JURYBOX_HERE) {
        return (int)integer(-2147483648LL, 2147483647LL, "", site, JURYBOX_CALL, "");
    }
    __attribute__((noinline)) int readInteger(int lo, int hi, const std::string& name = "", JURYBOX_HERE) {
        return (int)integer(lo, hi, name, site, JURYBOX_CALL, "");
    }
    __attribute__((noinline)) int readInteger(JURYBOX_HERE) {
        return (int)integer(-2147483648LL, 2147483647LL, "", site, JURYBOX_CALL, "");
    }
    __attribute__((noinline)) long long readLong(long long lo, long long hi, const std::string& name = "", JURYBOX_HERE) {
        return integer(lo, hi, name, site, JURYBOX_CALL, "");
    }
    __attribute__((noinline)) long long readLong(JURYBOX_HERE) {
        return integer(-9223372036854775807LL - 1, 9223372036854775807LL, "", site, JURYBOX_CALL, "");
    }
    __attribute__((noinline)) std::vector<int> readInts(int size, int lo, int hi, const std::string& name = "",
                                                        int index_base = 1, JURYBOX_HERE) {
        return many<int>(size, lo, hi, name, site, JURYBOX_CALL);
    }
    __attribute__((noinline)) std::vector<int> readIntegers(int size, int lo, int hi, const std::string& name = "",
                                                            int index_base = 1, JURYBOX_HERE) {
        return many<int>(size, lo, hi, name, site, JURYBOX_CALL);
    }
    __attribute__((noinline)) std::vector<long long> readLongs(int size, long long lo, long long hi,
                                                               const std::string& name = "", int index_base = 1,
                                                               JURYBOX_HERE) {
        return many<long long>(size, lo, hi, name, site, JURYBOX_CALL);
    }

    __attribute__((noinline)) double readDouble(double lo, double hi, const std::string& name = "", JURYBOX_HERE) {
        return real(lo, hi, -1, -1, name, site, JURYBOX_CALL);
    }
    __attribute__((noinline)) double readReal(double lo, double hi, const std::string& name = "", JURYBOX_HERE) {
        return real(lo, hi, -1, -1, name, site, JURYBOX_CALL);
    }
    __attribute__((noinline)) double readStrictDouble(double lo, double hi, int min_decimals, int max_decimals,
                                                      const std::string& name = "", JURYBOX_HERE) {
        return real(lo, hi, min_decimals, max_decimals, name, site, JURYBOX_CALL);
    }
    __attribute__((noinline)) double readStrictReal(double lo, double hi, int min_decimals, int max_decimals,
                                                    const std::string& name = "", JURYBOX_HERE) {
        return real(lo, hi, min_decimals, max_decimals, name, site, JURYBOX_CALL);
    }

    __attribute__((noinline)) std::string readToken(JURYBOX_HERE) { return word(nullptr, "", site, JURYBOX_CALL); }
    __attribute__((noinline)) std::string readWord(JURYBOX_HERE) { return word(nullptr, "", site, JURYBOX_CALL); }
    __attribute__((noinline)) std::string readToken(const std::string& ptrn, const std::string& name = "",
                                                    JURYBOX_HERE) {
        pattern p(ptrn);
        return word(&p, name, site, JURYBOX_CALL);
    }
    __attribute__((noinline)) std::string readWord(const std::string& ptrn, const std::string& name = "",
                                                   JURYBOX_HERE) {
        pattern p(ptrn);
        return word(&p, name, site, JURYBOX_CALL);
    }
    __attribute__((noinline)) std::vector<std::string> readTokens(int size, const std::string& ptrn,
                                                                  const std::string& name = "", int index_base = 1,
                                                                  JURYBOX_HERE) {
        return words(size, ptrn, name, site, JURYBOX_CALL);
    }
    __attribute__((noinline)) std::vector<std::string> readWords(int size, const std::string& ptrn,
                                                                 const std::string& name = "", int index_base = 1,
                                                                 JURYBOX_HERE) {
        return words(size, ptrn, name, site, JURYBOX_CALL);
    }

    __attribute__((noinline)) std::string readLine(JURYBOX_HERE) { return line(nullptr, "", site, JURYBOX_CALL); }
    __attribute__((noinline)) std::string readString(JURYBOX_HERE) { return line(nullptr, "", site, JURYBOX_CALL); }
    __attribute__((noinline)) std::string readLine(const std::string& ptrn, const std::string& name = "",
                                                   JURYBOX_HERE) {
        pattern p(ptrn);
        return line(&p, name, site, JURYBOX_CALL);
    }
    __attribute__((noinline)) std::string readString(const std::string& ptrn, const std::string& name = "",
                                                     JURYBOX_HERE) {
        pattern p(ptrn);
        return line(&p, name, site, JURYBOX_CALL);
    }
    __attribute__((noinline)) std::vector<std::string> readLines(int size, const std::string& ptrn,
                                                                 const std::string& name = "", int index_base = 1,
                                                                 JURYBOX_HERE) {
        pattern p(ptrn);
        long call = JURYBOX_CALL;
        std::vector<std::string> out;
        for (int i = 0; i < size; i++) out.push_back(line(&p, name, site, call));
        return out;
    }

    __attribute__((noinline)) char readChar(JURYBOX_HERE) {
        size_t at = r().pos;
        if (r().at_eof()) r().reject("expected a character, found the end of the input");
        char c = r().data[r().pos++];
        r().event("char", site, JURYBOX_CALL, at, std::string(1, c), "", "", "", "");
        return c;
    }
    __attribute__((noinline)) char readChar(char expected, JURYBOX_HERE) {
        size_t at = r().pos;
        r().expect_char(expected, ("character '" + std::string(1, expected) + "'").c_str());
        r().event("char", site, JURYBOX_CALL, at, std::string(1, expected), "", "", "", "exact");
        return expected;
    }
    __attribute__((noinline)) char readSpace(JURYBOX_HERE) {
        space(site, JURYBOX_CALL);
        return ' ';
    }
    __attribute__((noinline)) void readEoln(JURYBOX_HERE) {
        size_t at = r().pos;
        r().expect_char('\n', "a newline");
        r().event("eoln", site, JURYBOX_CALL, at, "", "", "", "", "");
    }
    __attribute__((noinline)) void readEof(JURYBOX_HERE) {
        size_t at = r().pos;
        r().expect_eof();
        r().event("eof", site, JURYBOX_CALL, at, "", "", "", "", "");
    }
    bool eof() { return r().at_eof(); }
    bool seekEof() { return r().at_eof(); }
    bool eoln() { return r().peek() == '\n'; }
    char curChar() { return (char)r().peek(); }

    void ensuref(bool cond, const char* fmt, ...) {
        if (cond) return;
        char buf[4096];
        va_list ap;
        va_start(ap, fmt);
        std::vsnprintf(buf, sizeof buf, fmt, ap);
        va_end(ap);
        r().reject(buf);
    }
    [[noreturn]] void quitf(TResult, const char* fmt, ...) {
        char buf[4096];
        va_list ap;
        va_start(ap, fmt);
        std::vsnprintf(buf, sizeof buf, fmt, ap);
        va_end(ap);
        r().reject(buf);
    }
    [[noreturn]] void quit(TResult, const char* msg) { r().reject(msg); }

  private:
    void space(jurybox_record::Site site, long call) {
        size_t at = r().pos;
        r().expect_char(' ', "a space");
        r().event("space", site, call, at, "", "", "", "", "");
    }
    std::vector<std::string> words(int size, const std::string& ptrn, const std::string& name,
                                   jurybox_record::Site site, long call) {
        pattern p(ptrn);
        std::vector<std::string> out;
        for (int i = 0; i < size; i++) {
            if (i > 0) space(site, call);
            out.push_back(word(&p, name, site, call));
        }
        return out;
    }
    long long integer(long long lo, long long hi, const std::string& name, jurybox_record::Site site, long call,
                      const char* extra) {
        size_t at = r().pos;
        std::string t = r().token("an integer");
        long long v;
        if (!jurybox_record::parse_integer(t, v)) r().reject("expected an integer" + named(name) + ", found \"" + t + "\"");
        r().event("int", site, call, at, t, std::to_string(lo), std::to_string(hi), name, extra);
        if (v < lo || v > hi)
            r().reject("integer" + named(name) + " " + t + " is outside [" + std::to_string(lo) + ", " +
                       std::to_string(hi) + "]");
        return v;
    }
    template <typename T>
    std::vector<T> many(int size, long long lo, long long hi, const std::string& name, jurybox_record::Site site,
                        long call) {
        std::vector<T> out;
        for (int i = 0; i < size; i++) {
            if (i > 0) space(site, call);
            out.push_back((T)integer(lo, hi, name, site, call, ""));
        }
        return out;
    }
    double real(double lo, double hi, int min_decimals, int max_decimals, const std::string& name,
                jurybox_record::Site site, long call) {
        size_t at = r().pos;
        std::string t = r().token("a real number");
        double v;
        int decimals;
        bool exponent;
        if (!jurybox_record::parse_real(t, v, &decimals, &exponent))
            r().reject("expected a real number" + named(name) + ", found \"" + t + "\"");
        std::string extra;
        if (min_decimals >= 0) {
            extra = std::to_string(min_decimals) + "," + std::to_string(max_decimals);
            if (exponent || decimals < min_decimals || decimals > max_decimals)
                r().reject("real number" + named(name) + " \"" + t + "\" does not have " + extra + " decimals");
        }
        r().event("float", site, call, at, t, jurybox_record::number_text(lo), jurybox_record::number_text(hi),
                  name, extra);
        if (v < lo || v > hi) r().reject("real number" + named(name) + " " + t + " is out of bounds");
        return v;
    }
    std::string word(const pattern* p, const std::string& name, jurybox_record::Site site, long call) {
        size_t at = r().pos;
        std::string t = r().token("a token");
        r().event("token", site, call, at, t, "", "", name, p ? p->src() : "");
        if (p && !p->matches(t)) r().reject("token" + named(name) + " \"" + t + "\" does not match \"" + p->src() + "\"");
        return t;
    }
    std::string line(const pattern* p, const std::string& name, jurybox_record::Site site, long call) {
        size_t at = r().pos;
        bool had_newline;
        std::string t = r().rest_of_line(&had_newline);
        r().event("line", site, call, at, t, "", "", name, p ? p->src() : "");
        if (had_newline) r().event("eoln", site, call, at + t.size(), "", "", "", "", "");
        if (p && !p->matches(t)) r().reject("line" + named(name) + " \"" + t + "\" does not match \"" + p->src() + "\"");
        return t;
    }
    static std::string named(const std::string& name) { return name.empty() ? "" : " " + name; }
};

inline InStream inf;

struct JuryboxValidator {
    std::string testset_ = "tests", group_;
    std::string testset() const { return testset_; }
    std::string group() const { return group_; }
};
inline JuryboxValidator validator;

inline void registerValidation() {
    jurybox_record::recorder().reject_code = 3;
    jurybox_record::recorder().accept_code = 0;
    jurybox_record::recorder().open();
    std::atexit([] {
        // A validator that returns from main accepts: record it.
        jurybox_record::Recorder& r = jurybox_record::recorder();
        if (r.out) {
            std::fprintf(r.out, "end\taccept\n");
            std::fclose(r.out);
            r.out = nullptr;
        }
    });
}

inline void registerValidation(int argc, char* argv[]) {
    registerValidation();
    for (int i = 1; i + 1 < argc; i++) {
        if (std::string(argv[i]) == "--testset") validator.testset_ = argv[i + 1];
        if (std::string(argv[i]) == "--group") validator.group_ = argv[i + 1];
    }
}

inline void setTestCase(int) {}
inline void unsetTestCase() {}

#define ensure(cond) \
    ((cond) ? (void)0 : jurybox_record::recorder().reject(std::string("condition failed: ") + #cond))

inline void ensuref(bool cond, const char* fmt, ...) {
    if (cond) return;
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    jurybox_record::recorder().reject(buf);
}

[[noreturn]] inline void quitf(TResult, const char* fmt, ...) {
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    jurybox_record::recorder().reject(buf);
}
