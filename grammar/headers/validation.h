// jurybox's recording stand-in for BAPCtools' validation.h, for input
// validators only. Written for jurybox from validation.h's documented
// interface, not copied from it: InputValidator with read_integer(s),
// read_float(s), read_string(s), read_line, space, newline, eof, check, WA,
// peek, test_string(s) and the tags (Unique, Increasing, ...), each read
// strict as the original's and recorded by jurybox_recorder.h. Accepts with
// exit code 42, rejects with 43 and a message, as validation.h does.
#pragma once

#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "jurybox_recorder.h"

struct ArbitraryTag {
    static constexpr bool unique = false, strict = false, increasing = false, decreasing = false;
    static constexpr const char* name = "";
};
struct UniqueTag : ArbitraryTag {
    static constexpr bool unique = true;
    static constexpr const char* name = "unique";
};
struct IncreasingTag : ArbitraryTag {
    static constexpr bool increasing = true;
    static constexpr const char* name = "increasing";
};
struct DecreasingTag : ArbitraryTag {
    static constexpr bool decreasing = true;
    static constexpr const char* name = "decreasing";
};
struct StrictlyIncreasingTag : ArbitraryTag {
    static constexpr bool increasing = true, strict = true;
    static constexpr const char* name = "strictly increasing";
};
struct StrictlyDecreasingTag : ArbitraryTag {
    static constexpr bool decreasing = true, strict = true;
    static constexpr const char* name = "strictly decreasing";
};
inline ArbitraryTag Arbitrary;
inline UniqueTag Unique;
inline IncreasingTag Increasing;
inline DecreasingTag Decreasing;
inline StrictlyIncreasingTag StrictlyIncreasing;
inline StrictlyDecreasingTag StrictlyDecreasing;

template <typename A, typename B>
struct MergedTag : ArbitraryTag {
    static constexpr bool unique = A::unique || B::unique, strict = A::strict || B::strict,
                          increasing = A::increasing || B::increasing, decreasing = A::decreasing || B::decreasing;
    static constexpr const char* name = "merged";
};
template <typename A, typename B>
MergedTag<A, B> operator|(A, B) {
    return {};
}

enum Separator { Space, Newline };

#define JURYBOX_HERE jurybox_record::Site site = jurybox_record::here()
#define JURYBOX_CALL jurybox_record::call_of(__builtin_return_address(0))

class Validator {
  public:
    Validator() {
        jurybox_record::recorder().reject_code = 43;
        jurybox_record::recorder().accept_code = 42;
        jurybox_record::recorder().open();
    }
    // Leaving the scope checks the end of the input, as validation.h does
    // (not recorded again when the validator called eof() itself).
    ~Validator() {
        r().expect_eof();
        r().accept();
    }

    __attribute__((noinline)) void space(JURYBOX_HERE) { sep(' ', "space", site, JURYBOX_CALL); }
    __attribute__((noinline)) void newline(JURYBOX_HERE) { sep('\n', "eoln", site, JURYBOX_CALL); }
    __attribute__((noinline)) void eof(JURYBOX_HERE) {
        size_t at = r().pos;
        r().expect_eof();
        r().event("eof", site, JURYBOX_CALL, at, "", "", "", "", "");
    }
    void eof_and_AC() {
        eof();
        r().accept();
    }

    template <typename Tag = ArbitraryTag>
    __attribute__((noinline)) long long read_integer(const std::string& name, long long lo, long long hi,
                                                     Tag tag = Tag{}, JURYBOX_HERE) {
        return integer(name, lo, hi, tag, site, JURYBOX_CALL);
    }
    template <typename Tag = ArbitraryTag>
    __attribute__((noinline)) std::vector<long long> read_integers(const std::string& name, int count, long long lo,
                                                                   long long hi, Tag tag = Tag{},
                                                                   Separator s = Space, JURYBOX_HERE) {
        long call = JURYBOX_CALL;
        return list<long long>(name, count, s, site, call, [&] { return integer(name, lo, hi, tag, site, call); });
    }
    template <typename Tag = ArbitraryTag>
    __attribute__((noinline)) long double read_float(const std::string& name, long double lo, long double hi,
                                                     Tag tag = Tag{}, JURYBOX_HERE) {
        return real(name, lo, hi, tag, site, JURYBOX_CALL);
    }
    template <typename Tag = ArbitraryTag>
    __attribute__((noinline)) std::vector<long double> read_floats(const std::string& name, int count,
                                                                   long double lo, long double hi, Tag tag = Tag{},
                                                                   Separator s = Space, JURYBOX_HERE) {
        long call = JURYBOX_CALL;
        return list<long double>(name, count, s, site, call, [&] { return real(name, lo, hi, tag, site, call); });
    }
    template <typename Tag = ArbitraryTag>
    __attribute__((noinline)) std::string read_string(const std::string& name, long long min, long long max,
                                                      std::string_view chars = "", Tag tag = Tag{}, JURYBOX_HERE) {
        return string(name, min, max, chars, tag, site, JURYBOX_CALL);
    }
    template <typename Tag = ArbitraryTag>
    __attribute__((noinline)) std::vector<std::string> read_strings(const std::string& name, int count, int min,
                                                                    int max, std::string_view chars = "",
                                                                    Tag tag = Tag{}, Separator s = Space,
                                                                    JURYBOX_HERE) {
        long call = JURYBOX_CALL;
        return list<std::string>(name, count, s, site, call,
                                 [&] { return string(name, min, max, chars, tag, site, call); });
    }
    __attribute__((noinline)) std::string read_line(const std::string& name, long long min, long long max,
                                                    std::string_view chars = "", JURYBOX_HERE) {
        long call = JURYBOX_CALL;
        size_t at = r().pos;
        bool had_newline;
        std::string s = r().rest_of_line(&had_newline);
        if (!had_newline) r().reject(name + ": expected a line ended by a newline");
        r().event("line", site, call, at, s, std::to_string(min), std::to_string(max), name, std::string(chars));
        r().event("eoln", site, call, at + s.size(), "", "", "", "", "");
        if ((long long)s.size() < min || (long long)s.size() > max)
            r().reject(name + ": line of length " + std::to_string(s.size()) + " outside [" + std::to_string(min) +
                       ", " + std::to_string(max) + "]");
        check_chars(name, s, chars);
        return s;
    }
    __attribute__((noinline)) std::string test_strings(std::vector<std::string> expected, const std::string& name = "",
                                                       JURYBOX_HERE) {
        size_t at = r().pos;
        std::string s = r().token("a string");
        std::string all;
        for (const std::string& e : expected) all += (all.empty() ? "" : "|") + e;
        r().event("token", site, JURYBOX_CALL, at, s, "", "", name, "literal:" + all);
        for (const std::string& e : expected)
            if (s == e) return s;
        r().reject("expected string \"" + all + "\", found " + s);
    }
    std::string test_string(std::string expected, const std::string& name = "", JURYBOX_HERE) {
        return test_strings({expected}, name, site);
    }
    bool peek(char c, const std::string& = "") { return r().peek() == (unsigned char)c; }

    template <typename... Ts>
    void check(bool b, const Ts&... ts) {
        if (!b) WA(ts...);
    }
    template <typename... Ts>
    [[noreturn]] void WA(const Ts&... ts) {
        std::ostringstream out;
        (out << ... << ts);
        r().reject(out.str());
    }

  private:
    std::set<std::string> seen_;
    std::map<std::string, long double> last_;

    static jurybox_record::Recorder& r() { return jurybox_record::recorder(); }

    void reset(const std::string& name) {
        for (auto it = seen_.begin(); it != seen_.end();)
            it = it->rfind(name + "\x1f", 0) == 0 ? seen_.erase(it) : std::next(it);
        last_.erase(name);
    }
    // `count` values read by `read_one`, separated by `s`, ended by a newline.
    template <typename T, typename F>
    std::vector<T> list(const std::string& name, int count, Separator s, jurybox_record::Site site, long call,
                        F read_one) {
        reset(name);
        std::vector<T> v;
        for (int i = 0; i < count; i++) {
            if (i > 0) sep(s == Space ? ' ' : '\n', s == Space ? "space" : "eoln", site, call);
            v.push_back(read_one());
        }
        sep('\n', "eoln", site, call);
        return v;
    }
    void sep(char c, const char* kind, jurybox_record::Site site, long call) {
        size_t at = r().pos;
        r().expect_char(c, c == ' ' ? "a space" : "a newline");
        r().event(kind, site, call, at, "", "", "", "", "");
    }
    template <typename Tag>
    void ordered(const std::string& name, long double v, const std::string& text, Tag) {
        if (Tag::unique) {
            if (!seen_.insert(name + "\x1f" + text).second) r().reject(name + ": value " + text + " seen twice");
            return;
        }
        auto it = last_.find(name);
        if (it != last_.end()) {
            long double last = it->second;
            if (Tag::increasing && v < last) r().reject(name + " is not increasing at " + text);
            if (Tag::decreasing && v > last) r().reject(name + " is not decreasing at " + text);
            if (Tag::strict && v == last) r().reject(name + " is not strict at " + text);
        }
        last_[name] = v;
    }
    template <typename Tag>
    long long integer(const std::string& name, long long lo, long long hi, Tag tag, jurybox_record::Site site,
                      long call) {
        size_t at = r().pos;
        std::string t = r().token("an integer");
        long long v;
        if (!jurybox_record::parse_integer(t, v)) r().reject(name + ": expected an integer, found \"" + t + "\"");
        r().event("int", site, call, at, t, std::to_string(lo), std::to_string(hi), name, "", Tag::name);
        if (v < lo || v > hi)
            r().reject(name + ": integer " + t + " outside [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
        ordered(name, (long double)v, t, tag);
        return v;
    }
    template <typename Tag>
    long double real(const std::string& name, long double lo, long double hi, Tag tag, jurybox_record::Site site,
                     long call) {
        size_t at = r().pos;
        std::string t = r().token("a float");
        double v;
        int decimals;
        bool exponent;
        // validation.h's strict floats: no '+', no 'E', no superfluous zeroes.
        bool strict = jurybox_record::parse_real(t, v, &decimals, &exponent) && t.find('+') == std::string::npos &&
                      t.find('E') == std::string::npos;
        if (!strict) r().reject(name + ": expected a float, found \"" + t + "\"");
        r().event("float", site, call, at, t, jurybox_record::number_text((double)lo),
                  jurybox_record::number_text((double)hi), name, "", Tag::name);
        if (v < lo || v > hi) r().reject(name + ": float " + t + " out of bounds");
        ordered(name, v, t, tag);
        return v;
    }
    void check_chars(const std::string& name, const std::string& s, std::string_view chars) {
        if (chars.empty()) return;
        for (char c : s)
            if (chars.find(c) == std::string_view::npos)
                r().reject(name + ": character code " + std::to_string((unsigned char)c) + " not in the allowed set");
    }
    template <typename Tag>
    std::string string(const std::string& name, long long min, long long max, std::string_view chars, Tag tag,
                       jurybox_record::Site site, long call) {
        size_t at = r().pos;
        std::string s = r().token("a string");
        r().event("string", site, call, at, s, std::to_string(min), std::to_string(max), name, std::string(chars),
                  Tag::name);
        if ((long long)s.size() < min || (long long)s.size() > max)
            r().reject(name + ": string of length " + std::to_string(s.size()) + " outside [" + std::to_string(min) +
                       ", " + std::to_string(max) + "]");
        check_chars(name, s, chars);
        if (Tag::unique && !seen_.insert(name + "\x1f" + s).second) r().reject(name + ": string " + s + " seen twice");
        return s;
    }
};

class InputValidator : public Validator {
  public:
    explicit InputValidator(int = 0, char** = nullptr) {}
};
